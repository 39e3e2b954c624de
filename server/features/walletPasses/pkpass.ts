// The Apple Wallet .pkpass of one ticket (passkit-generator signs the manifest with PKCS#7 under the configured
// chain). The barcode message is the app's signed token, so the gate verifies it offline as today.
import { PKPass } from 'passkit-generator';
import { PNG } from 'pngjs';
import type { AppleSigner } from './certificates';
import { LABELS, type PassFacts, passState, relevantDate, statusText } from './passContent';

/** A plain square in the brand green: the icon Wallet requires (the real artwork can replace it). */
function icon(size: number): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) png.data.set([46, 125, 50, 255], i * 4);
  return PNG.sync.write(png);
}
export const ICONS = { 'icon.png': icon(29), 'icon@2x.png': icon(58), 'logo.png': icon(50) };

const strings = (f: PassFacts, locale: 'ja' | 'en') => {
  const t = f.byLocale[locale];
  const l = LABELS[locale];
  return {
    park: l.park,
    item: l.item,
    date: l.date,
    slot: l.slot,
    status: l.status,
    number: l.number,
    parkName: t.park.name,
    itemName: t.itemName,
    statusValue: statusText(f, locale),
  };
};

export function buildPkpass(
  f: PassFacts,
  signer: AppleSigner,
  pass: { serialNumber: string; authenticationToken: string; webServiceURL: string },
): Buffer {
  const t = f.byLocale.ja;
  const state = passState(f);
  const p = new PKPass(
    { ...ICONS },
    { wwdr: signer.wwdr, signerCert: signer.signerCert, signerKey: signer.signerKey },
    {
      serialNumber: pass.serialNumber,
      description: 'ZooPass',
      organizationName: 'ZooPass',
      passTypeIdentifier: signer.passTypeIdentifier,
      teamIdentifier: signer.teamIdentifier,
      webServiceURL: pass.webServiceURL,
      authenticationToken: pass.authenticationToken,
      backgroundColor: 'rgb(255,255,255)',
      foregroundColor: 'rgb(27,94,32)',
      voided: state === 'void',
    },
  );
  p.type = 'eventTicket';
  p.headerFields.push({ key: 'status', label: 'status', value: 'statusValue' });
  p.primaryFields.push({ key: 'item', label: 'item', value: 'itemName' });
  p.secondaryFields.push({ key: 'park', label: 'park', value: 'parkName' });
  p.auxiliaryFields.push({ key: 'date', label: 'date', value: t.useDate });
  if (t.time) p.auxiliaryFields.push({ key: 'slot', label: 'slot', value: t.time.slice(0, 5) });
  p.backFields.push({ key: 'number', label: 'number', value: t.ticketNumber });
  for (const locale of ['ja', 'en'] as const) p.localize(locale, strings(f, locale));
  if (state === 'ok' && t.token)
    p.setBarcodes({ message: t.token, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
  p.setLocations({ latitude: f.park.latitude, longitude: f.park.longitude });
  p.setRelevantDate(relevantDate(t));
  return p.getAsBuffer();
}
