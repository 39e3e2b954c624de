// /staff/scan?park=<id>: the gate scanner. The rear camera (torch where it has one), frames decoded by the native
// BarcodeDetector or the self-hosted ZXing WebAssembly decoder, two matching reads before a verdict, verified on
// the device (verdict.ts) against what the last sync stored; a full-screen verdict with sound and vibration; the
// screen kept on. Each admission is queued in the outbox (scan UUID, device time) and uploaded once; the ticket
// number can be typed when the code cannot be read.
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { tokyoDate } from '../../../../common/time';
import { findGateTicket, findGateTicketByNumber, findPassVisit } from '../../db/gateDayList';
import { findPassHolder, findPassHolderByNumber, passThumb } from '../../db/gatePasses';
import { confirmScan, enqueueScan } from '../../db/outbox';
import { type GateTicket, walletDb } from '../../db/wallet';
import { requestBackgroundSync } from '../../lib/backgroundSync';
import { useOnline } from '../../lib/online';
import { useLocale } from '../../lib/useLocale';
import { useScreenOn } from '../../lib/wakeLock';
import { GateStatus } from './components';
import { type QrDecoder, qrDecoder } from './decoder';
import { useGateItems, useGateMode, useGateParks, useGateSync } from './gateHooks';
import { gateIdentity } from './gateSync';
import {
  type GateContext,
  type GateMode,
  judgeNumber,
  judgePassNumber,
  judgeToken,
  PASS_NUMBER,
  type PassLookup,
  type PassView,
  type Verdict,
  verifyToken,
} from './verdict';
import { otherLocale, verdictLines } from './verdictText';

/** How long a verdict stays on screen unless tapped away, and how long the same code is ignored after it. */
const VERDICT_MS = 2500;
const SAME_CODE_PAUSE_MS = 3000;
/** Two reads of the same text this close together make a verdict. */
const PAIR_MS = 1500;
/** Frames are decoded at most this wide (enough for a phone-screen QR at arm's length, and fast). */
const FRAME_WIDTH = 640;
const SYNC_EVERY_MS = 5 * 60_000;
/** Online, the 480 px photo of a pass holder replaces the thumbnail if it comes this fast (else the thumb stays). */
const PHOTO_BUDGET_MS = 300;

/** Member cards: the holder list, visits and thumbnails on this device. */
const PASSES: PassLookup = {
  holder: (termTicketId) => findPassHolder(walletDb(), termTicketId),
  visit: (termTicketId, date) => findPassVisit(walletDb(), termTicketId, date),
  thumb: (photoId) => passThumb(walletDb(), photoId),
};

const TONES: Record<Verdict['kind'], { hz: number[]; vibrate: number[] }> = {
  admit: { hz: [1046], vibrate: [80] },
  exit: { hz: [880, 1046], vibrate: [60, 40, 60] },
  used: { hz: [660, 660], vibrate: [120, 80, 120] },
  invalid: { hz: [220], vibrate: [400] },
};

let audio: AudioContext | null = null;
function signal(kind: Verdict['kind']) {
  const tone = TONES[kind];
  navigator.vibrate?.(tone.vibrate);
  try {
    audio ??= new AudioContext();
    let at = audio.currentTime;
    for (const hz of tone.hz) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + (kind === 'invalid' ? 0.4 : 0.14));
      at += 0.2;
    }
  } catch {
    // no audio output: the colour and the vibration still tell
  }
}

/**
 * Record an entry or an exit: the day list has the ticket moved at once (used and inside, or out), the act waits in
 * the outbox. Online, the act is sent at once and the server's answer (within CONFIRM_BUDGET_MS) can turn the
 * verdict: another gate admitted the ticket first ("already used" / "already inside"), it went out elsewhere, or it
 * was revoked since the sync. Offline or slow, the device's verdict stands.
 */
async function record(parkId: number, verdict: Extract<Verdict, { kind: 'admit' | 'exit' }>): Promise<Verdict> {
  const db = walletDb();
  const { deviceId, gateName } = await gateIdentity(db);
  const now = new Date();
  const online = navigator.onLine;
  const direction = verdict.kind === 'exit' ? 'out' : 'in';
  // The day list's row the move is kept on: the ticket's, or for a pass the day's visit (or its placeholder).
  const rowId = verdict.ticket?.id ?? verdict.ticketId;
  const pass = verdict.pass ? { pass: verdict.pass } : {};
  const entry = await db.transaction('rw', [db.gateTickets, db.outbox, db.meta], async () => {
    const queued = await enqueueScan(
      db,
      verdict.ticketId,
      { parkId, token: verdict.token, ticketNumber: verdict.ticketNumber, deviceId, gateName, direction },
      { now, claimed: online },
    );
    const base: GateTicket = verdict.ticket ?? {
      id: verdict.ticketId,
      ticketNumber: '',
      jti: null,
      state: 'available',
      usedAt: null,
      usedBy: null,
      itemName: '',
      unitKind: '',
      ageGroupName: null,
      time: null,
      needsCertificate: false,
      itemId: 0,
      inside: false,
      entries: 0,
      maxEntries: 1,
      parkId,
      date: tokyoDate(now),
    };
    const first = base.state !== 'used';
    await db.gateTickets.put({
      ...base,
      state: 'used',
      usedAt: first ? now.toISOString() : base.usedAt,
      usedBy: first ? { source: 'scan', at: now.toISOString(), deviceId, gateName: gateName || null } : base.usedBy,
      inside: direction === 'in',
      entries: Math.max(base.entries ?? 0, first ? 0 : 1) + (direction === 'in' ? 1 : 0),
      localScanId: queued.clientId,
    });
    return queued;
  });
  const answer = online ? await confirmScan(db, entry, { fetch: fetch.bind(globalThis) }) : null;
  if (!answer) void requestBackgroundSync();
  const ticket = (await db.gateTickets.get(rowId)) ?? null;
  const number = verdict.pass?.passNumber ?? verdict.ticket?.ticketNumber ?? verdict.ticketNumber;
  if (answer?.result === 'duplicate' && direction === 'out') {
    return {
      kind: 'invalid',
      reason: 'notInside',
      ticketNumber: number,
      useDate: verdict.ticket?.date ?? null,
      ...pass,
    };
  }
  if (answer?.result === 'duplicate' && answer.usedAt) {
    if (ticket) {
      await db.gateTickets.put({
        ...ticket,
        usedBy: { source: 'scan', at: answer.usedAt, deviceId: '', gateName: null },
        localScanId: undefined,
      });
    }
    const inside = answer.inside && ticket?.maxEntries !== 1;
    return {
      kind: 'used',
      ticketId: verdict.ticketId,
      ticket,
      usedAt: answer.usedAt,
      gateName: null,
      ...(inside ? { inside } : {}),
      ...pass,
    };
  }
  if (answer?.result === 'revoked') {
    return {
      kind: 'invalid',
      reason: 'revoked',
      ticketNumber: number,
      useDate: verdict.ticket?.date ?? null,
      ...pass,
    };
  }
  return verdict;
}

/** Each verdict has a shape as well as a colour (colour-blind staff): a circle, a triangle, a cross. */
function VerdictShape({ kind }: { kind: Verdict['kind'] }) {
  return (
    <svg className="gate-verdict__shape" viewBox="0 0 100 100" aria-hidden="true" data-shape={kind}>
      {kind === 'admit' && <circle cx="50" cy="50" r="38" fill="none" stroke="currentColor" strokeWidth="14" />}
      {kind === 'exit' && (
        <path
          d="M14 50 H80 M58 26 L84 50 L58 74"
          fill="none"
          stroke="currentColor"
          strokeWidth="14"
          strokeLinejoin="round"
        />
      )}
      {kind === 'used' && (
        <path d="M50 10 L92 86 L8 86 Z" fill="none" stroke="currentColor" strokeWidth="12" strokeLinejoin="round" />
      )}
      {kind === 'invalid' && <path d="M18 18 L82 82 M82 18 L18 82" stroke="currentColor" strokeWidth="16" />}
    </svg>
  );
}

/** The 480 px photo when online and quick (the photo route of the photos work), else null: the thumbnail stays. */
function usePassPhoto(parkId: number, pass: PassView | undefined): string | null {
  const online = useOnline();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!pass?.photoId || !online) return;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), PHOTO_BUDGET_MS);
    let made: string | null = null;
    void fetch(`/api/v1/staff/parks/${parkId}/pass-holders/${pass.holderId}/photo`, {
      credentials: 'same-origin',
      signal: abort.signal,
    })
      .then(async (res) => {
        if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) return;
        made = URL.createObjectURL(await res.blob());
        setUrl(made);
      })
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [parkId, pass?.holderId, pass?.photoId, online]);
  return url;
}

/** The holder of a member card, to compare with the face at the gate: photo at least 240 px wide, name large. */
function PassHolder({ parkId, pass }: { parkId: number; pass: PassView }) {
  const { t } = useTranslation();
  const large = usePassPhoto(parkId, pass);
  const [thumb, setThumb] = useState<string | null>(null);
  useEffect(() => {
    if (!pass.photo) return setThumb(null);
    const made = URL.createObjectURL(pass.photo);
    setThumb(made);
    return () => URL.revokeObjectURL(made);
  }, [pass.photo]);
  const src = large ?? thumb;
  const missing = t(pass.photoId === null ? 'staff.verdict.pass.noPhoto' : 'staff.verdict.pass.photoOnline');
  return (
    <figure className="gate-pass" data-testid="gate-pass" data-photo={src ? (large ? 'large' : 'thumb') : 'none'}>
      {src ? (
        <img
          className="gate-pass__photo"
          src={src}
          alt={t('staff.verdict.pass.photoAlt', { name: pass.holderName })}
          data-testid="gate-pass-photo"
        />
      ) : (
        <div className="gate-pass__photo gate-pass__photo--none" data-testid="gate-pass-photo-none">
          {missing}
        </div>
      )}
      {src && pass.photoState === 'pending' && (
        <span className="gate-pass__unreviewed" data-testid="gate-pass-unreviewed">
          {t('staff.verdict.pass.unreviewed')}
        </span>
      )}
      <figcaption className="gate-pass__name" data-testid="gate-pass-name">
        {pass.holderName}
      </figcaption>
    </figure>
  );
}

function VerdictScreen({
  verdict,
  mode,
  parkId,
  onClose,
}: {
  verdict: Verdict;
  mode: GateMode;
  parkId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const main = verdictLines(verdict, locale);
  const second = verdictLines(verdict, otherLocale(locale));
  return (
    <div
      className={`gate-verdict gate-verdict--${verdict.kind}${verdict.pass ? ' gate-verdict--pass' : ''}`}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="gate-verdict-title"
      data-testid="gate-verdict"
      data-verdict={verdict.kind}
      data-mode={mode}
    >
      <p className={`gate-verdict__mode gate-verdict__mode--${mode}`} data-testid="gate-verdict-mode">
        {t(`staff.scanner.modeBanner.${mode}`)}
      </p>
      <VerdictShape kind={verdict.kind} />
      {verdict.pass && <PassHolder parkId={parkId} pass={verdict.pass} />}
      <p id="gate-verdict-title" className="gate-verdict__title" data-testid="gate-verdict-title">
        {main.title}
      </p>
      <p className="gate-verdict__second" lang={otherLocale(locale)} data-testid="gate-verdict-second">
        {second.title}
      </p>
      {main.detail && (
        <p
          className="gate-verdict__detail"
          data-testid="gate-verdict-detail"
          data-reason={verdict.kind === 'invalid' ? verdict.reason : undefined}
        >
          {main.detail}
          {second.detail && (
            <span className="gate-verdict__second" lang={otherLocale(locale)}>
              {second.detail}
            </span>
          )}
        </p>
      )}
      {main.ticket && (
        <p className="gate-verdict__ticket" data-testid="gate-verdict-ticket">
          {main.ticket}
        </p>
      )}
      <button type="button" className="button gate-verdict__next" onClick={onClose} data-testid="gate-next">
        {t('staff.scanner.next')}
      </button>
    </div>
  );
}

export default function ScanPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parks = useGateParks();
  const asked = Number(params.get('park'));
  const parkId = asked || (parks?.length === 1 ? parks[0]?.id : 0) || 0;
  const park = parks?.find((p) => p.id === parkId);
  useScreenOn();
  useGateSync(SYNC_EVERY_MS);

  // This park's keys and revocations, and those of the parks whose member cards it admits.
  const partners = park?.passPartnerParkIds ?? [];
  const passParkIds = [parkId, ...partners];
  const parkSet = passParkIds.join(',');
  const keys = useLiveQuery(() => walletDb().gateKeys.where('parkId').anyOf(passParkIds).toArray(), [parkSet]);
  const revoked = useLiveQuery(
    async () => new Set(await walletDb().gateRevocations.where('parkId').anyOf(passParkIds).primaryKeys()),
    [parkSet],
  );
  const [mode, setMode] = useGateMode();
  const [gateItems] = useGateItems(parkId);
  const context = useRef<Omit<GateContext, 'now'>>({ parkId, keys: [], revoked: new Set() });
  context.current = {
    parkId,
    keys: keys ?? [],
    revoked: revoked ?? new Set(),
    mode,
    gateItems,
    slotWindow: park?.slotWindow,
    passParkIds,
  };

  // bench:scan (bench/scan.ts) opens the page with ?bench=1: verdicts close at once and the same code is read
  // again, so every pair of frames makes a verdict to time.
  const bench = params.get('bench') === '1';
  const verdictMs = bench ? 0 : VERDICT_MS;
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const paused = useRef(false);
  const ignore = useRef({ text: '', until: 0 });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = (v: Verdict, text: string) => {
    paused.current = true;
    setVerdict(v);
    signal(v.kind);
    ignore.current = bench ? { text: '', until: 0 } : { text, until: Date.now() + verdictMs + SAME_CODE_PAUSE_MS };
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => close(false), verdictMs);
  };
  const close = (tapped: boolean) => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setVerdict(null);
    paused.current = false;
    // Tapped "next": the staff member wants the code in front of the camera read again.
    if (tapped) ignore.current = { text: '', until: 0 };
  };

  // bench:scan also counts token verifications per second with this page's code and stored keys.
  useEffect(() => {
    if (!bench) return;
    (window as { gateVerifyBench?: unknown }).gateVerifyBench = (token: string, n: number) => {
      const start = performance.now();
      let ok = 0;
      for (let i = 0; i < n; i++) if (verifyToken(token, { ...context.current, now: new Date() }).ok) ok++;
      return { ok, ms: performance.now() - start };
    };
  }, [bench]);

  const decide = async (text: string, frameAt: number) => {
    const now = new Date();
    const judged = await judgeToken(text, { ...context.current, now }, (id) => findGateTicket(walletDb(), id), PASSES);
    const v = judged.kind === 'admit' || judged.kind === 'exit' ? await record(context.current.parkId, judged) : judged;
    performance.measure('gate-frame-to-verdict', { start: frameAt, end: performance.now() });
    show(v, text);
  };

  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'none'>('starting');
  const [decoderKind, setDecoderKind] = useState<QrDecoder['kind'] | null>(null);
  const track = useRef<MediaStreamTrack | null>(null);
  const [torch, setTorch] = useState<boolean | null>(null);

  // The camera runs only for a park synced as this account: no verdict from data of another (or none).
  const synced = Boolean(park);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the camera runs once per park; decide reads refs
  useEffect(() => {
    if (!parkId || !synced) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let last = { text: '', at: 0 };
    const canvas = document.createElement('canvas');
    const g = canvas.getContext('2d', { willReadFrequently: true });
    const loop = async (decoder: QrDecoder) => {
      const el = video.current;
      while (!stopped) {
        if (!paused.current && el && g && el.readyState >= 2 && el.videoWidth) {
          const frameAt = performance.now();
          const scale = Math.min(1, FRAME_WIDTH / el.videoWidth);
          canvas.width = Math.round(el.videoWidth * scale);
          canvas.height = Math.round(el.videoHeight * scale);
          g.drawImage(el, 0, 0, canvas.width, canvas.height);
          const text = await decoder.decode(g.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null);
          const fresh = text && !(text === ignore.current.text && Date.now() < ignore.current.until);
          if (fresh && text === last.text && Date.now() - last.at < PAIR_MS) {
            last = { text: '', at: 0 };
            await decide(text, frameAt);
          } else if (fresh) last = { text, at: Date.now() };
        }
        await new Promise((r) => setTimeout(r, 40));
      }
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch {
        setCamera('none');
        return;
      }
      if (stopped) {
        for (const tr of stream.getTracks()) tr.stop();
        return;
      }
      const [videoTrack] = stream.getVideoTracks();
      track.current = videoTrack ?? null;
      const caps = (videoTrack?.getCapabilities?.() ?? {}) as { torch?: boolean };
      setTorch(caps.torch ? false : null);
      if (video.current) {
        video.current.srcObject = stream;
        await video.current.play().catch(() => undefined);
      }
      setCamera('on');
      const decoder = await qrDecoder(params.get('decoder') === 'zxing');
      setDecoderKind(decoder.kind);
      await loop(decoder);
    })();
    return () => {
      stopped = true;
      if (closeTimer.current) clearTimeout(closeTimer.current);
      for (const tr of stream?.getTracks() ?? []) tr.stop();
    };
  }, [parkId, synced]);

  const toggleTorch = async () => {
    if (!track.current || torch === null) return;
    const on = !torch;
    await track.current
      .applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
      .then(() => setTorch(on))
      .catch(() => setTorch(null));
  };

  const [number, setNumber] = useState('');
  const checkNumber = async (e: FormEvent) => {
    e.preventDefault();
    const typed = number.trim().toUpperCase();
    if (!typed || !synced) return;
    const now = new Date();
    const passNumber = PASS_NUMBER.exec(typed);
    const judged = passNumber
      ? await judgePassNumber(
          typed,
          await findPassHolderByNumber(walletDb(), passNumber[1] ?? '', Number(passNumber[2])),
          { ...context.current, now },
          PASSES,
        )
      : judgeNumber(typed, await findGateTicketByNumber(walletDb(), parkId, typed), { ...context.current, now });
    const v = judged.kind === 'admit' || judged.kind === 'exit' ? await record(parkId, judged) : judged;
    setNumber('');
    show(v, `number:${typed}`);
  };

  if (!parkId) {
    return (
      <div className="stack gate-page" data-testid="gate-choose-park">
        <h1 className="page-title">{t('staff.scanner.title')}</h1>
        <p>{t('staff.scanner.choosePark')}</p>
        <Link className="button" to="/staff">
          {t('staff.scanner.back')}
        </Link>
      </div>
    );
  }

  // Nothing synced for this park as the account signed in now (another account's data was wiped): no verdicts.
  if (parks && !park) {
    return (
      <div className="stack gate-page" data-testid="gate-not-synced">
        <h1 className="page-title">{t('staff.scanner.title')}</h1>
        <GateStatus parkId={parkId} />
        <p className="notice">{t('staff.scanner.notSynced')}</p>
        <Link className="button" to="/staff">
          {t('staff.scanner.back')}
        </Link>
      </div>
    );
  }

  return (
    <div className="gate-page" data-testid="gate-scanner" data-park-id={parkId} data-decoder={decoderKind ?? ''}>
      <div className="gate-page__bar">
        <Link className="button" to="/staff">
          {t('staff.scanner.back')}
        </Link>
        <h1 className="gate-page__title">{park?.name ?? t('staff.scanner.title')}</h1>
        {document.fullscreenEnabled && !document.fullscreenElement && (
          <button
            type="button"
            className="button"
            onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
            data-testid="gate-fullscreen"
          >
            {t('staff.scanner.fullScreen')}
          </button>
        )}
        {torch !== null && (
          <button type="button" className="button" onClick={() => void toggleTorch()} aria-pressed={torch}>
            {torch ? t('staff.scanner.torchOff') : t('staff.scanner.torchOn')}
          </button>
        )}
      </div>
      <GateStatus parkId={parkId} />
      <fieldset className="gate-mode" data-testid="gate-mode" data-mode={mode}>
        <legend className="visually-hidden">{t('staff.scanner.mode.label')}</legend>
        {(['in', 'out'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`button gate-mode__option gate-mode__option--${m}`}
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
            data-testid={`gate-mode-${m}`}
          >
            {t(`staff.scanner.mode.${m}`)}
          </button>
        ))}
      </fieldset>
      <div className="gate-camera">
        <video ref={video} className="gate-camera__video" playsInline muted data-testid="gate-video" />
        <div className="gate-camera__frame" aria-hidden="true" />
        <p className="gate-camera__hint" data-testid="gate-camera-state" data-state={camera}>
          {camera === 'starting'
            ? t('staff.scanner.starting')
            : camera === 'none'
              ? t('staff.scanner.noCamera')
              : t('staff.scanner.aim')}
          {decoderKind && ` (${t(`staff.scanner.decoder.${decoderKind}`)})`}
        </p>
      </div>
      <form className="gate-manual" onSubmit={(e) => void checkNumber(e)}>
        <h2 className="gate-manual__title">{t('staff.scanner.manual')}</h2>
        <label htmlFor="gate-number">{t('staff.scanner.manualLabel')}</label>
        <div className="gate-manual__row">
          <input
            id="gate-number"
            type="text"
            className="input"
            inputMode="text"
            autoComplete="off"
            maxLength={32}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            data-testid="gate-number"
          />
          <button type="submit" className="button button--primary" data-testid="gate-number-submit">
            {t('staff.scanner.manualSubmit')}
          </button>
        </div>
      </form>
      {verdict && <VerdictScreen verdict={verdict} mode={mode} parkId={parkId} onClose={() => close(true)} />}
    </div>
  );
}
