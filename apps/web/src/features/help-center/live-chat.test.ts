import { describe, expect, it } from 'vitest';
import { brand } from '@exhale/contract/brand';
import { SUPPORT_WHATSAPP_NUMBER, liveChatUrl } from './live-chat';

describe('live chat', () => {
  it('chats with the support phone number, in digits only', () => {
    // Country code and number, no '+', spaces or 'tel:': what wa.me expects.
    expect(SUPPORT_WHATSAPP_NUMBER).toMatch(/^91\d{10}$/);
    expect(SUPPORT_WHATSAPP_NUMBER).toBe(brand.support.phone.replace(/\D/g, ''));
  });

  it('opens wa.me with the greeting typed in, encoded', () => {
    const url = new URL(liveChatUrl('Hello Exhale team & friends, नमस्ते?'));
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toBe(`/${SUPPORT_WHATSAPP_NUMBER}`);
    expect(url.searchParams.get('text')).toBe('Hello Exhale team & friends, नमस्ते?');
    expect([...url.searchParams.keys()]).toEqual(['text']);
  });
});
