/**
 * The QR code of the phone page's URL as an SVG document, drawn here so the login page carries no
 * QR library (its size budget). Error correction M: a screen photographed at an angle still reads.
 * The library is imported with the first code, not at start-up.
 */
export async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
