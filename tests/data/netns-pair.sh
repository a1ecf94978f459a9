# shellcheck shell=sh
# netns-pair.sh - network namespaces for the recording scripts of tests/data, sourced by them
# (POSIX sh, so that both the sh and the bash scripts can use it):
#
#   . "$HERE/../netns-pair.sh"
#   netns_require_root record-x.sh "network namespaces, tc"
#   netns_on_exit netns_remove wbx-a wbx-b
#   netns_pair wbx-a 198.18.99.1/24 wbx-b 198.18.99.2/24
#
# Only benchmarking addresses (198.18.0.0/15, RFC 2544; 2001:2::/48, RFC 5180) belong in these
# namespaces: nothing here touches the host's own interfaces, routes or firewall. Names the
# functions set start with _netns_ because POSIX sh has no `local`.

# netns_require_root SCRIPT WHY: exits with a message naming SCRIPT and WHY unless run as root.
netns_require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "$1: must be run as root ($2)" >&2
        exit 1
    fi
}

# netns_on_exit COMMAND [ARG...]: runs COMMAND ARG... when the script ends, and ends the script
# on SIGINT or SIGTERM, so that an interrupted recording stops there instead of going on without
# its namespaces and overwriting the logs with error messages. The words are taken as they are
# now (namespace and function names: no blanks or quotes in them).
netns_on_exit() {
    # shellcheck disable=SC2064 # expanded now on purpose
    trap "$*" EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

# netns_remove NS...: ends every process inside each namespace that exists and deletes it;
# deleting a namespace also deletes its end of a veth (and so the peer), its qdiscs and rules.
netns_remove() {
    for _netns_rm in "$@"; do
        [ -e "/run/netns/$_netns_rm" ] || continue
        for _netns_pid in $(ip netns pids "$_netns_rm" 2>/dev/null); do
            kill "$_netns_pid" 2>/dev/null || true
        done
        ip netns del "$_netns_rm" 2>/dev/null || true
    done
}

# netns_add NS...: each namespace afresh (the leftovers of an interrupted earlier run go
# first), with its loopback up.
netns_add() {
    netns_remove "$@"
    for _netns_add in "$@"; do
        ip netns add "$_netns_add"
        ip -n "$_netns_add" link set lo up
    done
}

# netns_veth NS_A ADDR_A/PREFIX NS_B ADDR_B/PREFIX [IF_A [IF_B]]: joins two namespaces that
# exist by one veth pair, IF_A (default eth0) in NS_A and IF_B (default IF_A) in NS_B, each end
# with its address and up.
netns_veth() {
    _netns_if_a=${5:-eth0}
    _netns_if_b=${6:-$_netns_if_a}
    ip link add "$_netns_if_a" netns "$1" type veth peer name "$_netns_if_b" netns "$3"
    ip -n "$1" addr add "$2" dev "$_netns_if_a"
    ip -n "$3" addr add "$4" dev "$_netns_if_b"
    ip -n "$1" link set "$_netns_if_a" up
    ip -n "$3" link set "$_netns_if_b" up
}

# netns_pair NS_A ADDR_A/PREFIX NS_B ADDR_B/PREFIX [IF_A [IF_B]]: two fresh namespaces
# (netns_add) joined by one veth pair (netns_veth).
netns_pair() {
    netns_add "$1" "$3"
    netns_veth "$@"
}
