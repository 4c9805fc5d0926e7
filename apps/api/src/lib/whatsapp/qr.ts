import QRCode from 'qrcode';

/** Renders a pairing string to a PNG data URL for `qr_code` (an <img> source). */
export function renderQr(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
}
