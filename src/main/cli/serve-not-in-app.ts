// What `serve` loads in the desktop app's build (electron.vite.config.ts aliases src/dev-service/cli
// to this file): the development service, with its faults and scenarios, is not shipped in the app.
// Thrown, so the command ends as any failed one does: the message on stderr, exit 2.
export {}

throw new Error(
  'serve runs the development service, which the desktop app does not carry. ' +
    'Run it from a checkout of Liquidity Watch (npm run service) or with the liquidity-watch package.',
)
