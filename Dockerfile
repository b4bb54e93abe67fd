# syntax=docker/dockerfile:1
# Production image: compiled JavaScript, production dependencies and the shipped data, run as a non-root user.

# --- build: compile TypeScript with the full (dev) dependency set
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The explorer page (web/) is bundled into dist/web by the same `npm run build`.
COPY web ./web
# The key and usage CLIs, compiled with the service (dist/scripts/keys.js, dist/scripts/usage.js).
COPY scripts/keys.ts scripts/usage.ts scripts/admin-client.ts scripts/cli.ts ./scripts/
RUN npm run build

# --- deps: production dependencies only
FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data/runtime
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
# The region tree is read at run time (src/adapters/region-data.ts walks up from dist/src/adapters to data/), and
# so is the empty embedded database a new DATA_DIR starts from when no DATABASE_URL is set.
COPY --chown=node:node data/regions.json data/ATTRIBUTION.md data/pglite-template.tar.gz ./data/
COPY --chown=node:node data/core ./data/core/
RUN mkdir -p /app/data/runtime && chown node:node /app/data/runtime
# The image's own unprivileged user (uid 1000).
USER node
EXPOSE 8080
# No curl in slim images: node's own fetch probes the liveness route.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node as PID 1 gets SIGTERM directly: main.ts drains in-flight requests and flushes the ledger before exit.
CMD ["node", "dist/src/main.js"]
