# The academy as one container image: build stage (all dependencies, the Astro site and the
# CMS panel, then the development dependencies dropped), runtime stage (the built app, run as
# an unprivileged user).
# Written for docs/operations.md "Production path"; see there for how it is used.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The runtime keeps only the production dependencies (tsx, which runs the server, is one).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    ACADEMY_DATA_DIR=/app/.data
WORKDIR /app
# The server runs its TypeScript through tsx, so the sources travel with the build output.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form): requests in flight finish before it exits.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server.ts"]
