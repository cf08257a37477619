# Sourced by the bench scripts: wait_idle PID waits until the process has used under 5% of a core
# over 3 s (the demo seed's background AVIF encoding done), so it does not share the CPU with the
# measurement. Gives up after 10 minutes.
wait_idle() {
  local pid=$1 before after
  for _ in $(seq 1 200); do
    before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    sleep 3
    after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    (( after - before < 15 )) && return 0
  done
}
