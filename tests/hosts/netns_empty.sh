#!/usr/bin/env bash
# expect_namespaces_empty, shared by netns.sh and netns_n.sh (sourced by
# them; it calls their ns_pids and lib.sh's fail):
#   expect_namespaces_empty [CONTEXT]
# nothing of the job is left on any host; 30 s at most for the processes
# to go (fails with CONTEXT: first).
expect_namespaces_empty() {
    local tries
    for tries in $(seq 300); do
        [ -z "$(ns_pids)" ] && return 0
        sleep 0.1
    done
    fail "${1:+$1: }processes left in the namespaces: $(ns_pids | tr '\n' ' ')"
}
