#!/usr/bin/env bash
# test/systemd/boot.sh: run systemd/mysterium.service under a real systemd and check that a
# home-server user who follows systemd/README.md gets a working service.
#
# NOT PART OF CI. It needs root, network access to a Debian mirror (debootstrap, first run only)
# and takes a few minutes. Run it by hand after changing the unit, the env example or the
# install steps:
#
#   sudo test/systemd/boot.sh                  # Debian 12 (bookworm)
#   sudo SUITE=trixie test/systemd/boot.sh     # Debian 13
#
# It debootstraps a minimal Debian with systemd into $ROOTFS (kept for the next run; KEEP_ROOTFS=0
# removes it at the end), builds the binary on this machine, boots the tree with
# `systemd-nspawn --boot` in its own network namespace (loopback only: nothing leaves the
# container), runs the install steps of systemd/README.md inside it line by line, and prints
# PASS/FAIL for each check. Exit status 0 when every check passed.
#
# Needs on this machine: go, systemd-container and debootstrap (apt-get install systemd-container
# debootstrap). This machine's PID 1 need not be systemd.
set -u

SUITE=${SUITE:-bookworm}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
ROOTFS=${ROOTFS:-/tmp/mysterium-systemd-$SUITE}
KEEP_ROOTFS=${KEEP_ROOTFS:-1}
PORT=23234
REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d -t mysterium-boot.XXXXXX)
NSPAWN_PID=
LEADER=
FAILED=0
PASSED=0

pass() { PASSED=$((PASSED + 1)); printf 'PASS  %s\n' "$1"; [[ -z ${2:-} ]] || printf '      %s\n' "$2"; }
fail() { FAILED=$((FAILED + 1)); printf 'FAIL  %s\n' "$1"; [[ -z ${2:-} ]] || printf '%s\n' "$2" | sed 's/^/      /'; }
info() { printf '....  %s\n' "$*"; }
die() { printf 'ABORT %s\n' "$*"; exit 2; }

# in_ct CMD...: run a command inside the booted container (all its namespaces), with a clean
# environment, as root.
in_ct() {
	nsenter -t "$LEADER" -a env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root TERM=xterm-256color LANG=C.UTF-8 "$@"
}
sh_ct() { in_ct sh -c "$1"; }

# wait_for SECONDS CMD...: poll until CMD succeeds; false if it never did.
wait_for() {
	local deadline=$((SECONDS + $1))
	shift
	until "$@" >/dev/null 2>&1; do
		((SECONDS < deadline)) || return 1
		sleep 0.2
	done
}

# journal: the service's log lines of this boot. mark, then new_has TEXT: did a line with TEXT
# appear since the mark?
journal() { in_ct journalctl -b -u mysterium --no-pager -o cat; }
journal_has() { journal | grep -qF -- "$1"; }
MARK=0
mark() { MARK=$(journal | wc -l); }
new_lines() { journal | tail -n +$((MARK + 1)); }
new_has() { new_lines | grep -qF -- "$1"; }
# restart: this script restarts more often than systemd's default start limit (5 in 10 s)
# allows; reset-failed resets that count.
restart() { in_ct systemctl reset-failed mysterium 2>/dev/null; in_ct systemctl restart mysterium; }
main_pid() { in_ct systemctl show -p MainPID --value mysterium; }

# ssh_ct KEY HOST ARGS...: a non-interactive ssh to the server from inside the container.
ssh_ct() {
	local key=$1 host=$2
	shift 2
	in_ct timeout 15 ssh -p "$PORT" -i "$key" -o IdentitiesOnly=yes -o BatchMode=yes \
		-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
		-o ConnectTimeout=5 "alice@$host" "$@"
}

# A terminal client in tmux inside the container: tui_start, tui_keys, tui_screen, tui_wait.
tui_start() {
	in_ct tmux kill-server 2>/dev/null
	in_ct tmux new-session -d -s play -x 100 -y 30 \
		"ssh -tt -p $PORT -i /root/key1 -o IdentitiesOnly=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR alice@localhost; echo SSH-EXITED; sleep 600"
}
tui_keys() { in_ct tmux send-keys -t play "$@"; }
tui_screen() { in_ct tmux capture-pane -p -t play; }
screen_has() { tui_screen | grep -qF -- "$1"; }
tui_wait() { wait_for "${2:-10}" screen_has "$1"; }

nspawn_gone() { ! kill -0 "$NSPAWN_PID" 2>/dev/null; }
cleanup() {
	if [[ -n $NSPAWN_PID ]] && kill -0 "$NSPAWN_PID" 2>/dev/null; then
		[[ -z $LEADER ]] || in_ct systemctl poweroff >/dev/null 2>&1
		wait_for 30 nspawn_gone || kill "$NSPAWN_PID"
		wait "$NSPAWN_PID" 2>/dev/null
	fi
	rm -rf "$WORK"
	[[ $KEEP_ROOTFS == 1 || ! -f $ROOTFS/.mysterium-boot ]] || rm -rf "$ROOTFS"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------------
echo "== preparing ($SUITE in $ROOTFS)"
[[ $(id -u) == 0 ]] || die "run as root (sudo $0)"
for c in go systemd-nspawn debootstrap nsenter; do
	command -v "$c" >/dev/null || die "$c is missing (apt-get install systemd-container debootstrap)"
done

if [[ ! -x $ROOTFS/lib/systemd/systemd ]]; then
	info "debootstrap $SUITE (a few minutes; kept in $ROOTFS for the next run)"
	debootstrap --variant=minbase \
		--include=systemd,systemd-sysv,dbus,libnss-systemd,openssh-client,tmux,procps,iproute2,sqlite3 \
		"$SUITE" "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
		{ tail -20 "$WORK/debootstrap.log"; die "debootstrap failed"; }
	touch "$ROOTFS/.mysterium-boot"
fi
# The marker keeps the removals below (and KEEP_ROOTFS=0) away from any tree this script did not make.
[[ -f $ROOTFS/.mysterium-boot ]] || die "$ROOTFS was not made by this script (no .mysterium-boot in it)"
# A Debian installer writes /etc/hosts; debootstrap does not, and `ssh localhost` needs it.
printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$ROOTFS/etc/hosts"
echo mysterium-test >"$ROOTFS/etc/hostname"
# Forget what an earlier run installed, so every run starts as a fresh install.
rm -rf "$ROOTFS"/etc/mysterium "$ROOTFS"/etc/systemd/system/mysterium.service* \
	"$ROOTFS"/etc/systemd/system/multi-user.target.wants/mysterium.service \
	"$ROOTFS"/var/lib/mysterium "$ROOTFS"/var/lib/private/mysterium \
	"$ROOTFS"/usr/local/bin/mysterium "$ROOTFS"/root/src "$ROOTFS"/root/key*

# The README's first step, on this machine. Static (CGO_ENABLED=0) so that a newer glibc here
# than in the container cannot break it.
(cd "$REPO" && CGO_ENABLED=0 go build -o "$WORK/mysterium" ./cmd/mysterium) ||
	die "go build failed"
mkdir -p "$ROOTFS/root/src/systemd"
cp "$WORK/mysterium" "$ROOTFS/root/src/mysterium"
cp "$REPO"/systemd/mysterium.service "$REPO"/systemd/mysterium.env.example "$ROOTFS/root/src/systemd/"

# ---------------------------------------------------------------------------------------------
echo "== booting systemd in a container"
# --system-call-filter=bpf lets the container's systemd load its BPF programs as on a real host:
# nspawn's default filter refuses bpf(), and systemd then silently ignores IPAddressDeny= (seen
# here). The unified cgroup hierarchy is what current distributions boot with.
# Without systemd as this machine's PID 1 there is no machined to register with, nor a bus to
# ask for a scope: --register=no --keep-unit.
nspawn_args=(--boot --private-network --system-call-filter=bpf --machine=mysterium-test -D "$ROOTFS" --console=passive)
[[ -d /run/systemd/system ]] || nspawn_args+=(--register=no --keep-unit)
SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 systemd-nspawn "${nspawn_args[@]}" >"$WORK/nspawn.log" 2>&1 </dev/null &
NSPAWN_PID=$!
find_leader() { LEADER=$(pgrep -P "$NSPAWN_PID" | head -1) && [[ -n $LEADER ]]; }
wait_for 20 find_leader || { cat "$WORK/nspawn.log"; die "systemd-nspawn did not start a container"; }
booted() { [[ $(in_ct systemctl is-system-running 2>/dev/null) =~ ^(running|degraded)$ ]]; }
if wait_for 90 booted; then
	pass "boot: systemd is running" "$(in_ct systemctl --version | head -1); $(in_ct systemctl is-system-running); cgroup fs $(in_ct stat -fc %T /sys/fs/cgroup)"
else
	fail "boot: systemd is running" "$(in_ct systemctl is-system-running 2>&1; in_ct systemctl --failed --no-pager 2>&1)"
	die "the container did not boot"
fi

# ---------------------------------------------------------------------------------------------
echo "== install steps of systemd/README.md, run inside the container"
# The first ```sh block of the README, without `sudo` and comments. `go build` ran above;
# `journalctl -f` would follow forever; the ssh-keygen line is a check below.
awk '/^```sh/{f=1; next} /^```/{if (f) exit} f' "$REPO/systemd/README.md" >"$WORK/steps"
[[ -s $WORK/steps ]] || fail "install: no \`\`\`sh block in systemd/README.md"
FINGERPRINT_STEP=
while IFS= read -r line; do
	step=$(printf '%s' "$line" | sed -e 's/[[:space:]]#.*$//' -e 's/^sudo //' -e 's/[[:space:]]*$//')
	case $step in
	'' | 'go build'* | journalctl*) continue ;;
	ssh-keygen*) FINGERPRINT_STEP=$step; continue ;;
	esac
	if out=$(sh_ct "cd /root/src && $step" 2>&1); then
		pass "install: $step"
	else
		fail "install: $step" "$out"
	fi
done <"$WORK/steps"

# ---------------------------------------------------------------------------------------------
echo "== checks"
listening() { journal_has 'msg=listening'; }
if wait_for 15 listening && [[ $(in_ct systemctl is-active mysterium) == active ]]; then
	pass "service is active and listening" "$(journal | grep 'msg=listening')"
else
	fail "service is active and listening" "$(in_ct systemctl status mysterium --no-pager 2>&1 | tail -15)"
	die "nothing more to check without a running service"
fi

pid=$(main_pid)
st=$(in_ct grep -E '^(Uid|CapEff|CapBnd|NoNewPrivs|Seccomp):' "/proc/$pid/status" | tr -s '\t' ' ' | paste -sd' ')
if [[ $st =~ Uid:\ ([0-9]+) ]] && ((BASH_REMATCH[1] != 0)) && [[ $st == *"CapEff: 0000000000000000"* &&
	$st == *"NoNewPrivs: 1"* && $st == *"Seccomp: 2"* ]]; then
	pass "sandbox applied to the process" "$st"
else
	fail "sandbox applied to the process" "$st"
fi
uid=$(in_ct awk '/^Uid:/{print $2}' "/proc/$pid/status")

# The state dir and host key, as the service sees them (from systemd 256 on the directory is
# owned by nobody on disk and id-mapped into the service, so the owner is judged from inside).
dir=/var/lib/private/mysterium
as_svc() { in_ct nsenter -t "$pid" -m -U "$@"; }
link=$(in_ct readlink /var/lib/mysterium)
seen=$(as_svc stat -L -c '%u %a' /var/lib/mysterium 2>&1)
disk=$(in_ct stat -c '%U' $dir)
if [[ $link == private/mysterium && $seen == "$uid 700" ]]; then
	pass "state dir /var/lib/mysterium -> $link: owner uid $uid, mode 700 (on disk: $disk)"
else
	fail "state dir" "link '$link'; the service sees '$seen' (want '$uid 700'); on disk $(in_ct ls -ld $dir 2>&1)"
fi
key=$(as_svc stat -c '%u %a' /var/lib/mysterium/host_ed25519 2>&1)
if [[ $key == "$uid 600" ]] && in_ct test -s $dir/mysterium.db; then
	pass "host key host_ed25519: owner uid $uid, mode 600; mysterium.db created"
else
	fail "host key and database" "host key '$key' (want '$uid 600'); $(in_ct ls -la $dir 2>&1)"
fi

fp=$(journal | sed -n 's/.*msg=listening.*host-key=\(SHA256:[^ ]*\).*/\1/p' | tail -1)
if [[ -n $FINGERPRINT_STEP ]] && out=$(sh_ct "$FINGERPRINT_STEP" 2>&1) && [[ $out == *"$fp"* ]]; then
	pass "README's fingerprint command prints the server's host key" "$FINGERPRINT_STEP: $out"
else
	fail "README's fingerprint command prints the server's host key" "${FINGERPRINT_STEP:-no ssh-keygen line}: ${out:-} (journal: $fp)"
fi

# A player: a fresh key, a terminal, the lobby, a new table, a seat.
in_ct ssh-keygen -q -t ed25519 -N '' -C key1 -f /root/key1
in_ct ssh-keygen -q -t ed25519 -N '' -C key2 -f /root/key2
if ssh_ct /root/key1 127.0.0.1 version >/dev/null && ssh_ct /root/key1 ::1 version >/dev/null; then
	pass "listens on IPv4 and IPv6 (127.0.0.1 and ::1)" "$(in_ct ss -ltn "sport = :$PORT" | tail -n +2)"
else
	fail "listens on IPv4 and IPv6 (127.0.0.1 and ::1)" "$(in_ct ss -ltn 2>&1)"
fi
tui_start
if tui_wait 'TABLES' 15; then
	pass "ssh -p $PORT localhost reaches the lobby" "$(tui_screen | grep -m1 MYSTERIUM)"
else
	fail "ssh -p $PORT localhost reaches the lobby" "$(tui_screen | grep -v '^[[:space:]]*$')"
fi
tui_keys n
tui_wait 'a name for the table' && tui_keys -l 'boot check' && tui_keys Enter
tui_wait 'CHOOSE YOUR SEAT' && tui_keys Enter # sit in the ghost's seat: one journal entry
tui_wait '(host, you)'
code=$(ssh_ct /root/key1 localhost tables | awk '/boot check/{print $1}')
before=$(ssh_ct /root/key1 localhost tables | grep 'boot check')
if [[ -n $code && $before == *" 1/7 "* ]]; then
	pass "a table was created and a seat taken" "$before"
else
	fail "a table was created and a seat taken" "tables: '$before'; screen: $(tui_screen | head -12)"
fi

if journal_has 'msg=connect' && journal_has 'msg="table created"'; then
	pass "journalctl -u mysterium shows the server's log" "$(journal | grep -m1 'msg=connect' | cut -c1-150)"
else
	fail "journalctl -u mysterium shows the server's log" "$(journal | tail -5)"
fi

# Restart: the table comes back from SQLite; the connected player is told; same host key.
mark
restart
restored() { new_has "msg=\"table restored\" code=$code"; }
after=$(wait_for 15 restored && ssh_ct /root/key1 localhost tables | grep 'boot check')
fp2=$(new_lines | sed -n 's/.*msg=listening.*host-key=\(SHA256:[^ ]*\).*/\1/p' | tail -1)
if [[ -n $code && $after == "$before" && $fp2 == "$fp" ]]; then
	pass "systemctl restart keeps the data" "$(new_lines | grep 'table restored'); host key unchanged"
else
	fail "systemctl restart keeps the data" "before: '$before' after: '$after'; host key $fp -> $fp2"
fi
if tui_wait 'The server is restarting'; then
	pass "the connected player was told of the restart" "$(tui_screen | grep -m1 'restarting')"
else
	fail "the connected player was told of the restart" "$(tui_screen | grep -v '^[[:space:]]*$')"
fi

# The README's online backup.
if out=$(sh_ct 'rm -f /root/mysterium-backup.db &&
	sqlite3 /var/lib/private/mysterium/mysterium.db ".backup /root/mysterium-backup.db" &&
	sqlite3 /root/mysterium-backup.db "PRAGMA integrity_check"' 2>&1) && [[ $out == ok ]]; then
	pass "sqlite3 .backup while it runs: the copy passes integrity_check"
else
	fail "sqlite3 .backup while it runs" "$out"
fi

# Reload: an allow list with key1 only; key2 is refused until it is added and the service reloaded.
sh_ct 'cp /root/key1.pub /etc/mysterium/allow_keys && chmod 0644 /etc/mysterium/allow_keys &&
	echo MYSTERIUM_ALLOW_KEYS=/etc/mysterium/allow_keys >>/etc/mysterium/mysterium.env'
restart
wait_for 15 ssh_ct /root/key1 localhost version
if ssh_ct /root/key1 localhost version >/dev/null && ! ssh_ct /root/key2 localhost version >/dev/null 2>&1; then
	pass "allow list: the key in it gets in, another is refused"
else
	fail "allow list: the key in it gets in, another is refused" "$(journal | tail -5)"
fi
pid=$(main_pid)
sh_ct 'cat /root/key2.pub >>/etc/mysterium/allow_keys'
mark
in_ct systemctl reload mysterium
reloaded() { new_has 'msg="key files reloaded"'; }
if wait_for 10 reloaded && [[ $(main_pid) == "$pid" ]] && ssh_ct /root/key2 localhost version >/dev/null; then
	pass "systemctl reload re-reads the key files (SIGHUP, same process $pid)" "$(new_lines | grep 'key files reloaded')"
else
	fail "systemctl reload re-reads the key files" "pid $pid -> $(main_pid); $(journal | tail -5)"
fi
in_ct install -m 0644 /root/src/systemd/mysterium.env.example /etc/mysterium/mysterium.env
restart
wait_for 15 ssh_ct /root/key1 localhost version

# IPAddressAllow=: loopback gets in; an address outside the LAN ranges does not. 192.0.2.10 is
# a documentation address put on the container's own loopback: the packets never leave it.
in_ct ip addr add 192.0.2.10/32 dev lo
if ssh_ct /root/key1 127.0.0.1 version >/dev/null && ! ssh_ct /root/key1 192.0.2.10 version >/dev/null 2>&1; then
	pass "IPAddressAllow=: 127.0.0.1 gets in, 192.0.2.10 (not a LAN address) does not"
else
	fail "IPAddressAllow=: 127.0.0.1 gets in, 192.0.2.10 (not a LAN address) does not" \
		"from 192.0.2.10: $(ssh_ct /root/key1 192.0.2.10 version 2>&1)"
fi
in_ct ip addr del 192.0.2.10/32 dev lo

# A port below 1024 with the drop-in that mysterium.env.example gives for it.
awk '/^#   \[Service\]/{f=1} f && /^#   /{sub(/^#   /, ""); print; next} f{exit}' \
	"$REPO/systemd/mysterium.env.example" >"$WORK/port.conf"
in_ct mkdir -p /etc/systemd/system/mysterium.service.d
cp "$WORK/port.conf" "$ROOTFS/etc/systemd/system/mysterium.service.d/port.conf"
sh_ct 'echo MYSTERIUM_LISTEN=:222 >>/etc/mysterium/mysterium.env'
in_ct systemctl daemon-reload
restart
if grep -q CAP_NET_BIND_SERVICE "$WORK/port.conf" && PORT=222 wait_for 15 ssh_ct /root/key1 localhost version; then
	pass "port 222 with the env example's drop-in" "$(tr '\n' ' ' <"$WORK/port.conf")"
else
	fail "port 222 with the env example's drop-in" "drop-in: $(cat "$WORK/port.conf"); $(journal | tail -3)"
fi
in_ct rm -r /etc/systemd/system/mysterium.service.d
in_ct install -m 0644 /root/src/systemd/mysterium.env.example /etc/mysterium/mysterium.env
in_ct systemctl daemon-reload
restart
wait_for 15 ssh_ct /root/key1 localhost version

# A typo in the env file: the unit fails at once (no restart loop) and its status says why.
sh_ct 'echo MYSTERIUM_TIMER=banana >>/etc/mysterium/mysterium.env'
restart
is_failed() { [[ $(in_ct systemctl is-active mysterium) == failed ]]; }
status=$(wait_for 10 is_failed; in_ct systemctl status mysterium --no-pager 2>&1)
if is_failed && [[ $status == *'MYSTERIUM_TIMER="banana"'* ]]; then
	pass "a bad value in the env file: failed at once, and systemctl status says why" \
		"$(grep -m1 -F 'MYSTERIUM_TIMER="banana"' <<<"$status" | sed 's/^ *//')"
else
	fail "a bad value in the env file: failed at once, and systemctl status says why" "$status"
fi
in_ct install -m 0644 /root/src/systemd/mysterium.env.example /etc/mysterium/mysterium.env
restart
wait_for 15 ssh_ct /root/key1 localhost version

# Stop, with a player connected: told, clean exit, well within 10 s.
tui_start
tui_wait 'MYSTERIUM' 15
mark
start=$(date +%s%N)
in_ct systemctl stop mysterium
ms=$((($(date +%s%N) - start) / 1000000))
result=$(in_ct systemctl show mysterium -p Result --value)
status=$(in_ct systemctl show mysterium -p ExecMainStatus --value)
if ((ms < 10000)) && [[ $result == success && $status == 0 ]] && new_has 'msg=stopped'; then
	pass "systemctl stop exits cleanly in ${ms} ms" "Result=$result ExecMainStatus=$status; $(new_lines | grep 'msg=stopped')"
else
	fail "systemctl stop exits cleanly within 10 s" "${ms} ms, Result=$result ExecMainStatus=$status"
fi
if tui_wait 'The server is restarting'; then
	pass "the connected player was told of the stop"
else
	fail "the connected player was told of the stop" "$(tui_screen | grep -v '^[[:space:]]*$')"
fi

# The exposure level, as the loaded unit sees it (the offline one is in systemd/unit_test.go).
score=$(in_ct systemd-analyze security mysterium.service --no-pager 2>&1 | grep -o 'Overall exposure level.*')
info "systemd-analyze security (inside the container, online): $score"

echo "== $PASSED passed, $FAILED failed"
((FAILED == 0))
