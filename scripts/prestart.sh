#!/bin/sh
# What `npm start` runs first: the web app is built when dist/web has none (`npm run build:web`
# builds it again), and the server (dist/server, about a second) whenever it is missing or a
# source or the dependencies changed after it was built.
set -e
test -f dist/web/index.html || npm run build:web
if [ ! -f dist/server/main.js ] || [ -n "$(find src eventstore package.json package-lock.json -newer dist/server/main.js -print -quit)" ]; then
  npm run --silent build:server
fi
