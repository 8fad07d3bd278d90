# AutoUI production image: build with the dev dependencies, run with production ones only.
#   docker build -t autoui .
#   docker run -p 4173:4173 -p 4174:4174 -e ORIGIN=https://autoui.example.com \
#     -e SANDBOX_ORIGIN=https://views.example.com autoui
# docs/DEPLOY.md explains the variables, the reverse proxy in front and the sign-in.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS run
ENV NODE_ENV=production \
	HOST=0.0.0.0 \
	PORT=4173 \
	SANDBOX_PORT=4174 \
	BODY_SIZE_LIMIT=21M
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
# The entry (no build step) and the MCP App sandbox, which is plain Node with no build.
COPY scripts/serve.js scripts/build-state.js scripts/sandbox-start.js ./scripts/
COPY src/lib/server/sandbox/sandbox-server.js src/lib/server/sandbox/proxy.js ./src/lib/server/sandbox/
COPY src/lib/mcp-apps/csp.js ./src/lib/mcp-apps/
USER node
# 4173: the app (page, /mcp/datasets, /api/llm, /healthz); 4174: the MCP App sandbox origin.
EXPOSE 4173 4174
HEALTHCHECK --interval=30s --timeout=5s CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/serve.js"]
