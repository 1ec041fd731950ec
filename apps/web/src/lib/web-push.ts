import { api, unwrap } from './api';

/**
 * 'Notifications on this phone' (API.md "Real channels"): the browser's side of Web Push. The
 * service worker (vite.config.ts, public/push-sw.js) shows what arrives; this file asks for
 * permission, subscribes with the server's VAPID key and tells the server.
 */
export type PushSupport =
  /** This browser can receive push now. */
  | 'supported'
  /** An iPhone or iPad outside the installed app: Safari offers push only from the Home Screen. */
  | 'ios-install'
  /** No service worker or no Push API (an old browser, a private window). */
  | 'unsupported';

function isIos(): boolean {
  const { userAgent, platform, maxTouchPoints } = navigator;
  // iPadOS reports itself as a Mac with a touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (isIos() && !isStandalone()) return 'ios-install';
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return 'supported';
}

/** 'default' (not asked yet), 'granted' or 'denied' (blocked: only the browser's settings undo it). */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

/** The service worker's registration, or undefined when none is active within a few seconds. */
async function registration(timeoutMs = 8_000): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs)),
  ]);
}

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const ready = await registration(1_000);
  return (await ready?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushSetupError extends Error {
  constructor(readonly reason: 'denied' | 'no-worker' | 'failed') {
    super(`push setup: ${reason}`);
  }
}

/**
 * Asks for permission (only ever from a tap), subscribes this browser with the server's key and
 * saves the subscription. A subscription made with another key (the server's pair changed) is
 * replaced.
 */
export async function turnOnPush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  const ready = await registration();
  if (!ready) throw new PushSetupError('no-worker');
  const { public_key: publicKey } = unwrap(await api.GET('/api/push/key')).data;
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  const currentKey = subscription?.options.applicationServerKey;
  if (subscription && currentKey) {
    const same = new Uint8Array(currentKey);
    if (
      same.length !== applicationServerKey.length ||
      same.some((b, i) => b !== applicationServerKey[i])
    ) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await ready.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushSetupError('failed');
  unwrap(
    await api.POST('/api/push/subscriptions', {
      body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
    }),
  );
}

/** Forgets this browser on the server, then drops the subscription itself. */
export async function turnOffPush(authorization?: string): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api
    .DELETE('/api/push/subscriptions', {
      body: { endpoint: subscription.endpoint },
      ...(authorization ? { headers: { Authorization: authorization } } : {}),
    })
    .catch((error: unknown) => console.error('Push unsubscribe request failed', error));
  await subscription.unsubscribe();
}

/** Queues 'Notifications are on' for the member's browsers; resolves with how many. */
export async function sendTestPush(): Promise<number> {
  return unwrap(await api.POST('/api/push/test')).data.sent;
}
