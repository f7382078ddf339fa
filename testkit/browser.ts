/**
 * A real Chromium for the web side's tests and screenshots: Debian's `chromium` (CHROMIUM_PATH
 * elsewhere), driven by playwright-core, headless, with a fresh profile, and without the background
 * calls to Google's hosts that a closed network refuses (they slow the start and fill the log).
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM}. Install it (Debian/Ubuntu: \`sudo apt-get install -y chromium\`; .ci/run does) ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
