# Sourced by the benches: the V8 flags `npm start` gives the server (package.json), so a bench
# measures what production runs. NODE_FLAGS, when set, replaces them (to compare settings).
node_flags=${NODE_FLAGS-$(node -p "(require('./package.json').scripts.start.match(/--[\\w-]+=\\S+/g) ?? []).join(' ')")}
# The allocator's arenas (decision 129): the value `npm start` sets, unless MALLOC_ARENA_MAX is set.
export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX-$(node -p "require('./package.json').scripts.start.match(/MALLOC_ARENA_MAX=(\\d+)/)?.[1] ?? ''")}
