# Sourced by the benches: the V8 flags `npm start` gives the server (package.json), so a bench
# measures what production runs. NODE_FLAGS, when set, replaces them (to compare settings).
node_flags=${NODE_FLAGS-$(node -p "(require('./package.json').scripts.start.match(/--[\\w-]+=\\S+/g) ?? []).join(' ')")}
# glibc's allocator settings (decision 129): the values `npm start` sets, unless already set.
malloc_setting() { node -p "require('./package.json').scripts.start.match(/$1=(\\d+)/)?.[1] ?? ''"; }
export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX-$(malloc_setting MALLOC_ARENA_MAX)}
export MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_-$(malloc_setting MALLOC_MMAP_THRESHOLD_)}
export MALLOC_TRIM_THRESHOLD_=${MALLOC_TRIM_THRESHOLD_-$(malloc_setting MALLOC_TRIM_THRESHOLD_)}
