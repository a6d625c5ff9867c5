#!/bin/sh
# A do-nothing agent for mishmemrun --hosts: runs the command here,
# whatever HOST is (tests of --hosts that need neither root nor ssh).
#   local-agent.sh HOST COMMAND [ARGS...]
shift
exec "$@"
