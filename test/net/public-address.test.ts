import { describe, expect, it } from 'vitest';
import { isPublicAddress, parsePublicHttpUrl } from '../../src/net/public-address.ts';

describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '240.0.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    'fd12:3456::1',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    '[::1]',
    'ff02::1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('URLs a member types', () => {
  it.each([
    ['http://127.0.0.1/x', /not public/],
    ['http://2130706433/', /not public/],
    ['http://0x7f.1/', /not public/],
    ['http://127.1/', /not public/],
    ['http://[::1]/', /not public/],
    ['http://[::ffff:127.0.0.1]/', /not public/],
    ['http://169.254.169.254/latest/meta-data', /not public/],
    ['http://192.168.0.10/cam.jpg', /not public/],
    ['http://localhost/', /local host/],
    ['http://LOCALHOST./', /local host/],
    ['http://api.localhost/', /local host/],
    ['http://printer.local/scan.png', /local host/],
    ['http://metadata.google.internal/', /local host/],
    ['http://nas.home.arpa/a.png', /local host/],
    ['http://fileserver/a.png', /full domain name/],
    ['https://user:pass@example.com/a.png', /user name or password/],
    ['https://user@example.com/a.png', /user name or password/],
    ['file:///etc/passwd', /not an http\(s\) URL/],
    ['javascript:alert(1)', /not an http\(s\) URL/],
    ['hello', /not a URL/],
  ])('refuses %s', (text, reason) => {
    const parsed = parsePublicHttpUrl(text);
    expect('reason' in parsed && parsed.reason).toMatch(reason);
  });

  it.each([
    'https://example.com/a.png',
    'https://cdn.discordapp.com/attachments/1/2/cat.png?ex=1',
    'http://8.8.8.8/a.png',
    'https://[2606:4700:4700::1111]/a.png',
    'https://example.com./a.png',
  ])('accepts %s', (text) => {
    expect('url' in parsePublicHttpUrl(text)).toBe(true);
  });
});
