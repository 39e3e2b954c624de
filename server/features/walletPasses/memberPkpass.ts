// The Apple Wallet .pkpass of one member card (a generic pass; google.ts makes its Google Wallet twin): holder's name and face (thumbnail), pass number,
// validity, product and park, in ja and en; the barcode is the card's signed token (kind "pass"), so the gate
// verifies it offline as the app's card. A card that can no longer be shown (cancelled, suspended, expired, or no
// longer the account's) is void and carries no barcode.
import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { MemberWalletCard } from '../passes';
import type { AppleSigner } from './certificates';
import { ICONS } from './pkpass';

export const MEMBER_LABELS = {
  ja: {
    holder: '会員',
    number: '会員番号',
    validity: '有効期間',
    product: 'パスポート',
    park: '施設',
    status: '状態',
    ok: '有効',
    void: '無効',
    notStarted: '初回入園から有効',
  },
  en: {
    holder: 'Holder',
    number: 'Member number',
    validity: 'Valid',
    product: 'Pass',
    park: 'Park',
    status: 'Status',
    ok: 'Valid',
    void: 'Not valid',
    notStarted: 'Valid from the first visit',
  },
} as const;

export interface MemberPassFacts {
  /** Null when the account the pass was issued to no longer has the card: a void pass. */
  card: MemberWalletCard | null;
  passNumber: string;
  holderName: string;
  park: { latitude: number; longitude: number } | null;
}

/** The card's barcode, when it can be shown at a gate today. */
export const showableToken = (f: MemberPassFacts) => {
  const ja = f.card?.byLocale.ja;
  const term = ja?.terms[0];
  // The states My Tickets draws the QR for (a pass valid from its first entry is admitted before it starts).
  return ja && (ja.state === 'active' || ja.state === 'not_started') && term?.token ? term.token : null;
};

async function thumbnails(photo: Buffer | null): Promise<Record<string, Buffer>> {
  if (!photo) return {};
  const at = (px: number) => sharp(photo).resize(px, px, { fit: 'cover' }).png().toBuffer();
  const [one, two] = await Promise.all([at(90), at(180)]);
  return { 'thumbnail.png': one, 'thumbnail@2x.png': two };
}

export async function buildMemberPkpass(
  f: MemberPassFacts,
  signer: AppleSigner,
  pass: { serialNumber: string; authenticationToken: string; webServiceURL: string },
): Promise<Buffer> {
  const token = showableToken(f);
  const p = new PKPass(
    { ...ICONS, ...(await thumbnails(f.card?.photo ?? null)) },
    { wwdr: signer.wwdr, signerCert: signer.signerCert, signerKey: signer.signerKey },
    {
      serialNumber: pass.serialNumber,
      description: 'ZooPass member card',
      organizationName: 'ZooPass',
      passTypeIdentifier: signer.passTypeIdentifier,
      teamIdentifier: signer.teamIdentifier,
      webServiceURL: pass.webServiceURL,
      authenticationToken: pass.authenticationToken,
      backgroundColor: 'rgb(255,255,255)',
      foregroundColor: 'rgb(27,94,32)',
      voided: token === null,
    },
  );
  p.type = 'generic';
  p.headerFields.push({ key: 'status', label: 'status', value: 'statusValue' });
  p.primaryFields.push({ key: 'holder', label: 'holder', value: 'holderValue' });
  p.secondaryFields.push({ key: 'number', label: 'number', value: f.passNumber });
  p.secondaryFields.push({ key: 'validity', label: 'validity', value: 'validityValue' });
  p.auxiliaryFields.push({ key: 'product', label: 'product', value: 'productValue' });
  p.backFields.push({ key: 'park', label: 'park', value: 'parkValue' });
  for (const locale of ['ja', 'en'] as const) {
    const l = MEMBER_LABELS[locale];
    const card = f.card?.byLocale[locale];
    p.localize(locale, {
      holder: l.holder,
      number: l.number,
      validity: l.validity,
      product: l.product,
      park: l.park,
      status: l.status,
      statusValue: token ? l.ok : l.void,
      holderValue: card?.holderName ?? f.holderName,
      validityValue: card?.validUntil ? `${card.validFrom ?? ''} – ${card.validUntil}` : l.notStarted,
      productValue: card?.product.name ?? '',
      parkValue: card?.product.parkNames.join(' / ') ?? '',
    });
  }
  if (token) p.setBarcodes({ message: token, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
  if (f.park) p.setLocations({ latitude: f.park.latitude, longitude: f.park.longitude });
  return p.getAsBuffer();
}
