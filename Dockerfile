# syntax=docker/dockerfile:1
# liquidity-watch daemon: the engine on its schedule with /metrics, /healthz and /readyz on :9464.
#   docker build -t liquidity-watch .
#   docker run -d --read-only -v lw-data:/data -p 127.0.0.1:9464:9464 \
#     -v "$PWD/key:/run/secrets/liquidity_api_key:ro" liquidity-watch --base-url https://…
# The key: LIQUIDITY_API_KEY, or better a mounted secret file named by LIQUIDITY_WATCH_API_KEY_FILE
# (compose: secrets, default /run/secrets/liquidity_api_key). Never bake a key into the image.

# ── build: the bundled command (out/cli), no Electron ──
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# --ignore-scripts: the Electron download (postinstall) is not needed for the command.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig*.json vite.cli.config.ts ./
COPY src ./src
RUN npx vite build -c vite.cli.config.ts

# ── runtime dependencies only (the command's externals) ──
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# ── runtime: non-root, read-only root file system friendly, data in a volume ──
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    LIQUIDITY_WATCH_API_KEY_FILE=/run/secrets/liquidity_api_key
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/out/cli ./out/cli
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 9464
# Liveness: the process answers on /healthz (no curl in the slim image: Node's own fetch).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:9464/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Inside the container the port must be reachable from the host's port mapping: 0.0.0.0 is given
# explicitly (publish it on 127.0.0.1 on the host, or only inside the compose network).
ENTRYPOINT ["node", "/app/out/cli/liquidity-watch.mjs", "daemon", "--data-dir", "/data", "--listen", "0.0.0.0:9464", "--log-format", "json"]
