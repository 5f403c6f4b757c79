/**
 * The activation export (issue 15 §2): exactly what the dashboard shows for the same filters, as an
 * .xlsx workbook — a sheet of the filters and the total, then one sheet per breakdown. exceljs is
 * imported with the first export: a large library that start-up need not load.
 */
import { ACTIVATION_PERIOD_LABELS, type ActivationStats, countryName, valueLabel } from '@netloom/domain';
import type ExcelJS from 'exceljs';

/** Sheet names, in order (the test and the docs read them). */
export const ACTIVATION_SHEETS = ['Summary', 'Activations', 'By model', 'By firmware', 'By country'] as const;

function sheet(wb: ExcelJS.Workbook, name: string, header: string[], rows: (string | number)[][]) {
  const ws = wb.addWorksheet(name);
  ws.addRow(header).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c, i) => {
    c.width = Math.max(12, header[i]?.length ?? 0, ...rows.map((r) => String(r[i] ?? '').length)) + 2;
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

export async function activationWorkbook(s: ActivationStats, generatedAt: number): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Netloom';
  wb.created = new Date(generatedAt);
  const [summary, activations, models, firmware, countries] = ACTIVATION_SHEETS;
  sheet(
    wb,
    summary,
    ['Filter', 'Value'],
    [
      ['From (UTC)', s.from],
      ['To (UTC)', s.to],
      ['Grouped by', ACTIVATION_PERIOD_LABELS[s.period]],
      ['Model', s.model === null ? 'All models' : valueLabel(s.model)],
      ['Country', s.country === null ? 'All countries' : countryName(s.country)],
      ['Total activations', s.total],
    ],
  );
  sheet(
    wb,
    activations,
    ['Period', 'Activations'],
    s.series.map((p) => [p.label, p.count]),
  );
  sheet(
    wb,
    models,
    ['Model', 'Activations'],
    s.byModel.map((r) => [valueLabel(r.model), r.count]),
  );
  sheet(
    wb,
    firmware,
    ['Model', 'Firmware', 'Activations'],
    s.byFirmware.map((r) => [valueLabel(r.model), valueLabel(r.firmware), r.count]),
  );
  sheet(
    wb,
    countries,
    ['Country', 'Code', 'Activations'],
    s.byCountry.map((r) => [r.name, r.country, r.count]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
