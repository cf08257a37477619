# Sourced by the benches: the V8 flags `npm start` gives the server (package.json), so a bench
# measures what production runs. NODE_FLAGS, when set, replaces them (to compare settings).
node_flags=${NODE_FLAGS-$(node -p "(require('./package.json').scripts.start.match(/--[\\w-]+=\\S+/g) ?? []).join(' ')")}
