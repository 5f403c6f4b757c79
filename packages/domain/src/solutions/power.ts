/**
 * What a powered device draws from its PoE port, W: the catalogue lists PoE budgets of switches
 * but not the draw of the units they power, so the sizing keeps it here (typical maximum draw of
 * each model, the figure a PoE budget is planned with). A model not listed is taken at the 802.3af
 * class maximum.
 */
export const POE_DRAW_WATTS: Readonly<Record<string, number>> = {
  'NL-A1200C': 11,
  'NL-A3000C': 16,
  'NL-A5400T': 25,
  'NL-A1800W': 12,
  'NL-A1800O': 18,
  'NL-A750P': 8,
  'NL-IPC2B': 5,
  'NL-IPC4D': 6,
};
/** 802.3af class 3 at the port: the draw assumed for a model the table does not list. */
export const POE_DEFAULT_DRAW_WATTS = 15.4;

export function poeDrawWatts(model: string): number {
  return POE_DRAW_WATTS[model] ?? POE_DEFAULT_DRAW_WATTS;
}

/**
 * APs a gateway manages as the site's controller, by model (the sizing's table; the catalogue has
 * client tables and WAN speeds but no AP count).
 */
export const GATEWAY_MANAGED_APS: Readonly<Record<string, number>> = {
  'NL-G300': 32,
  'NL-G500': 128,
  'NL-G1000': 999,
};
