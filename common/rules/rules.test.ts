import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';
import { sniffImageType } from './images';
import { isValidPassword } from './password';

describe('password rule', () => {
  it('needs 8+ half-width characters with upper, lower and digits', () => {
    expect(isValidPassword('Zoo12345')).toBe(true);
    expect(isValidPassword('Zoo1234')).toBe(false); // 7
    expect(isValidPassword('zoo12345')).toBe(false); // no upper
    expect(isValidPassword('ZOO12345')).toBe(false); // no lower
    expect(isValidPassword('ZooZooZoo')).toBe(false); // no digit
    expect(isValidPassword('Ｚｏｏ12345')).toBe(false); // full-width
    expect(isValidPassword('Zoo 12345')).toBe(false); // space
  });
});

describe('e-mail format', () => {
  it('accepts ordinary addresses and refuses malformed ones', () => {
    expect(isValidEmail('hanako.yamada+zoo@example.co.jp')).toBe(true);
    expect(isValidEmail('hanako@')).toBe(false);
    expect(isValidEmail('hanako@example')).toBe(false);
    expect(isValidEmail('hana ko@example.jp')).toBe(false);
    expect(isValidEmail('はなこ@example.jp')).toBe(false);
  });
});

describe('image sniffing', () => {
  it('tells jpeg and png apart by their magic bytes', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46]))).toBeNull();
  });
});
