/**
 * The solution as a PDF (issue 15 §1 "preview and PDF export"), drawn on the server with pdf-lib:
 * a cover, the scenario and its inputs, the bill of materials (with a small vector picture of each
 * device), a topology sketch (gateway → core → access switches → APs and cameras), the deployment
 * advice and the advantages; every page after the cover numbered. pdf-lib is imported with the
 * first PDF: a large library that start-up need not load.
 */
import {
  findModel,
  SOLUTION_FLOOR_PLAN_LABEL,
  SOLUTION_INPUT_LABELS,
  SOLUTION_ROLE_LABELS,
  type Solution,
  type SolutionRole,
  WALL_MATERIALS,
} from '@netloom/domain';
import { A4, CONTENT_WIDTH, MARGIN, PdfWriter } from './pdfWriter';

const n = (v: number) => v.toLocaleString('en-US');

const SECTIONS = [
  '1. Scenario and requirements',
  '2. Bill of materials',
  '3. Topology',
  '4. Deployment advice',
  '5. Advantages',
] as const;

function quantityOf(s: Solution, roles: readonly SolutionRole[]): number {
  return s.devices.filter((d) => roles.includes(d.role)).reduce((t, d) => t + d.quantity, 0);
}

function cover(w: PdfWriter, s: Solution, at: Date): void {
  w.newPage();
  const p = w.page;
  p.drawRectangle({ x: 0, y: A4.height - 300, width: A4.width, height: 300, color: w.colours.brand });
  w.text('NETLOOM', MARGIN, A4.height - 80, 14, { bold: true, colour: w.colours.white });
  w.text('Network solution', MARGIN, A4.height - 150, 30, { bold: true, colour: w.colours.white });
  let y = A4.height - 190;
  for (const line of w.wrap(s.name, CONTENT_WIDTH, 20, w.bold)) {
    w.text(line, MARGIN, y, 20, { colour: w.colours.white });
    y -= 26;
  }
  w.text(`Scenario: ${s.scenarioName}`, MARGIN, A4.height - 270, 12, { colour: w.colours.white });
  const kpis: [string, number][] = [
    ['Access points', quantityOf(s, ['ap'])],
    ['Switches', quantityOf(s, ['core_switch', 'access_switch'])],
    ['Gateways', quantityOf(s, ['gateway', 'ac'])],
    ['Cameras', quantityOf(s, ['camera'])],
  ];
  const boxW = (CONTENT_WIDTH - 3 * 12) / 4;
  kpis.forEach(([label, value], i) => {
    const x = MARGIN + i * (boxW + 12);
    p.drawRectangle({
      x,
      y: A4.height - 420,
      width: boxW,
      height: 80,
      color: w.colours.fill,
      borderColor: w.colours.rule,
      borderWidth: 0.8,
    });
    w.text(n(value), x + 14, A4.height - 378, 26, { bold: true, colour: w.colours.brandDark });
    w.text(label, x + 14, A4.height - 405, 10, { colour: w.colours.muted });
  });
  w.y = A4.height - 470;
  w.paragraph(
    `Sized for ${n(s.inputs.users)} concurrent users on ${n(s.inputs.floors)} floor${s.inputs.floors > 1 ? 's' : ''} of ${n(s.inputs.floorAreaM2)} m². This document lists the recommended devices, how they connect, and how to deploy them.`,
    11,
  );
  w.y -= 16;
  w.text('Contents', MARGIN, w.y - 12, 12, { bold: true });
  w.y -= 32;
  for (const title of SECTIONS) {
    w.page.drawLine({
      start: { x: MARGIN, y: w.y - 6 },
      end: { x: MARGIN + CONTENT_WIDTH, y: w.y - 6 },
      thickness: 0.5,
      color: w.colours.rule,
    });
    w.text(title, MARGIN, w.y, 10.5);
    w.y -= 24;
  }
  w.text(`Prepared ${at.toISOString().slice(0, 10)} with Netloom`, MARGIN, 60, 10, {
    colour: w.colours.muted,
  });
}

function inputsTable(w: PdfWriter, s: Solution): void {
  w.heading(SECTIONS[0]);
  const i = s.inputs;
  const rows: [string, string][] = [
    ['Scenario', s.scenarioName],
    [SOLUTION_INPUT_LABELS.floorAreaM2, `${n(i.floorAreaM2)} m²`],
    [SOLUTION_INPUT_LABELS.floors, n(i.floors)],
    [SOLUTION_INPUT_LABELS.rooms, i.rooms ? n(i.rooms) : 'Open plan'],
    [SOLUTION_INPUT_LABELS.users, n(i.users)],
    [
      SOLUTION_INPUT_LABELS.wall,
      `${WALL_MATERIALS[i.wall].label} (${WALL_MATERIALS[i.wall].attenuationDb} dB)`,
    ],
    [SOLUTION_INPUT_LABELS.cameras, n(i.cameras)],
    [SOLUTION_INPUT_LABELS.bandwidthMbps, `${n(i.bandwidthMbps)} Mbit/s`],
    [SOLUTION_INPUT_LABELS.outdoorAreaM2, i.outdoorAreaM2 ? `${n(i.outdoorAreaM2)} m²` : 'None'],
    ...(i.floorPlan ? [[SOLUTION_FLOOR_PLAN_LABEL, i.floorPlan.plan] as [string, string]] : []),
  ];
  rows.forEach(([label, value], k) => {
    w.ensure(20);
    if (k % 2 === 0)
      w.page.drawRectangle({
        x: MARGIN,
        y: w.y - 20,
        width: CONTENT_WIDTH,
        height: 20,
        color: w.colours.fill,
      });
    w.text(label, MARGIN + 8, w.y - 14, 10, { colour: w.colours.muted });
    w.text(value, MARGIN + 220, w.y - 14, 10, { bold: true });
    w.y -= 20;
  });
  w.y -= 12;
}

const COLS = {
  icon: MARGIN + 6,
  device: MARGIN + 34,
  model: MARGIN + 150,
  qty: MARGIN + 250,
  remarks: MARGIN + 290,
};

function bomHeader(w: PdfWriter): void {
  w.page.drawRectangle({
    x: MARGIN,
    y: w.y - 22,
    width: CONTENT_WIDTH,
    height: 22,
    color: w.colours.brandDark,
  });
  const head: [string, number][] = [
    ['Device', COLS.device],
    ['Model', COLS.model],
    ['Qty', COLS.qty],
    ['Remarks', COLS.remarks],
  ];
  for (const [label, x] of head) w.text(label, x, w.y - 15, 9.5, { bold: true, colour: w.colours.white });
  w.y -= 22;
}

function billOfMaterials(w: PdfWriter, s: Solution): void {
  w.heading(SECTIONS[1]);
  bomHeader(w);
  const remarksWidth = MARGIN + CONTENT_WIDTH - COLS.remarks - 6;
  for (const d of s.devices) {
    const lines = w.wrap(d.remarks || '-', remarksWidth, 8.5);
    const h = Math.max(30, lines.length * 11 + 12);
    if (w.y - h < MARGIN + 30) {
      w.newPage();
      bomHeader(w);
    }
    w.page.drawLine({
      start: { x: MARGIN, y: w.y - h },
      end: { x: MARGIN + CONTENT_WIDTH, y: w.y - h },
      thickness: 0.5,
      color: w.colours.rule,
    });
    w.icon(d.role, COLS.icon, w.y - 24, 20);
    w.text(SOLUTION_ROLE_LABELS[d.role], COLS.device, w.y - 13, 9.5, { bold: true });
    const model = findModel(d.model);
    w.text(d.model, COLS.model, w.y - 13, 9.5);
    if (model)
      w.text(model.name.replace(`${model.model} `, ''), COLS.model, w.y - 24, 7.5, {
        colour: w.colours.muted,
      });
    w.text(n(d.quantity), COLS.qty, w.y - 13, 9.5, { bold: true });
    lines.forEach((line, k) => {
      w.text(line, COLS.remarks, w.y - 13 - k * 11, 8.5, { colour: w.colours.muted });
    });
    w.y -= h;
  }
  w.y -= 8;
  w.text(
    `Total: ${n(quantityOf(s, ['gateway', 'ac', 'core_switch', 'access_switch', 'ap', 'camera', 'nvr']))} devices`,
    MARGIN + 8,
    w.y - 12,
    10,
    { bold: true },
  );
  w.y -= 30;
}

interface TierBox {
  role: SolutionRole;
  label: string;
}

/** Gateway → core → access → edge, each tier a row of boxes joined by vector lines. */
function topology(w: PdfWriter, s: Solution): void {
  const tiers: TierBox[][] = [];
  const row = (roles: SolutionRole[]) =>
    s.devices
      .filter((d) => roles.includes(d.role))
      .map((d) => ({ role: d.role, label: `${d.quantity} × ${d.model}` }));
  for (const r of [
    row(['gateway', 'ac']),
    row(['core_switch']),
    row(['access_switch']),
    row(['ap', 'camera', 'nvr']),
  ])
    if (r.length > 0) tiers.push(r);
  const tierH = 70;
  w.heading(SECTIONS[2], tiers.length * tierH);
  const top = w.y;
  const boxW = 120;
  const centres: { x: number; y: number }[][] = tiers.map((tier, t) => {
    const gap = Math.min(30, (CONTENT_WIDTH - tier.length * boxW) / Math.max(1, tier.length - 1));
    const total = tier.length * boxW + (tier.length - 1) * gap;
    const x0 = MARGIN + (CONTENT_WIDTH - total) / 2;
    return tier.map((_, k) => ({ x: x0 + k * (boxW + gap) + boxW / 2, y: top - t * tierH - 22 }));
  });
  // Lines first, boxes over them.
  for (let t = 1; t < tiers.length; t++)
    for (const c of centres[t] ?? [])
      for (const parent of centres[t - 1] ?? [])
        w.page.drawLine({
          start: { x: parent.x, y: parent.y - 16 },
          end: { x: c.x, y: c.y + 16 },
          thickness: 1,
          color: w.colours.brand,
        });
  tiers.forEach((tier, t) => {
    tier.forEach((box, k) => {
      const c = centres[t]?.[k];
      if (!c) return;
      w.page.drawRectangle({
        x: c.x - boxW / 2,
        y: c.y - 16,
        width: boxW,
        height: 32,
        color: w.colours.white,
        borderColor: w.colours.brandDark,
        borderWidth: 1,
      });
      w.icon(box.role, c.x - boxW / 2 + 5, c.y - 11, 22);
      w.text(box.label, c.x - boxW / 2 + 32, c.y - 3, 8.5, { bold: true });
      w.text(SOLUTION_ROLE_LABELS[box.role], c.x - boxW / 2 + 32, c.y - 12, 7.5, { colour: w.colours.muted });
    });
  });
  w.y = top - tiers.length * tierH - 6;
}

function prose(w: PdfWriter, title: string, text: string): void {
  w.heading(title);
  const items = text.split('\n').filter((l) => l.trim());
  if (items.length === 0) w.paragraph('-');
  for (const item of items) w.paragraph(item, 10.5, { bullet: true });
}

/** The solution's PDF bytes; `at` is the date printed on the cover. */
export async function solutionPdf(s: Solution, at: Date): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`${s.name} - network solution`);
  doc.setAuthor('Netloom');
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  const w = await PdfWriter.create(doc);
  cover(w, s, at);
  w.newPage();
  inputsTable(w, s);
  billOfMaterials(w, s);
  topology(w, s);
  prose(w, SECTIONS[3], s.advice);
  prose(w, SECTIONS[4], s.advantages);
  w.footers(s.name);
  return doc.save();
}
