import QRCode from 'qrcode';

/**
 * The QR code of the phone page's URL as an SVG document, drawn here so the login page carries no
 * QR library (its size budget). Error correction M: a screen photographed at an angle still reads.
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
