/**
 * `column` of a bordered Descriptions with two pairs a row: one pair a row on a phone, where two
 * label–value pairs side by side leave each value a few characters and break words mid-way.
 */
export const TWO_COLUMNS = { xs: 1, sm: 2 } as const;
