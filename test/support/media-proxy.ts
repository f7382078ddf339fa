/** The tampering proxy moved to testkit/ (the screenshots script starts the bot with it too); tests keep importing it from here. */
export * from '../../testkit/media-proxy.ts';
