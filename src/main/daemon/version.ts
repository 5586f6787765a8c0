// The version the daemon reports (liquidity_watch_build_info): package.json's, put into the bundle
// by the build (__APP_VERSION__, defined in vite.cli.config.ts and electron.vite.config.ts), as an
// installed command runs without npm. From sources (tsx, the tests) there is no build: npm's
// npm_package_version when npm started it, else "dev".
declare const __APP_VERSION__: string | undefined

export function buildVersion(env: NodeJS.ProcessEnv = process.env): string {
  return typeof __APP_VERSION__ === 'string'
    ? __APP_VERSION__
    : (env['npm_package_version'] ?? 'dev')
}
