package main

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// percentile returns the p-th percentile (0 < p <= 100) of xs by the
// nearest-rank method: the smallest value such that at least p% of the
// samples are at or below it. It returns 0 for no samples. xs is not changed.
func percentile[T int64 | float64 | time.Duration](xs []T, p float64) T {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if p <= 0 {
		return s[0]
	}
	if p >= 100 {
		return s[len(s)-1]
	}
	// rank = ceil(p/100 * n), 1-based.
	rank := int(p / 100 * float64(len(s)))
	if float64(rank) < p/100*float64(len(s)) {
		rank++
	}
	rank = max(rank, 1)
	return s[rank-1]
}

// mean is the arithmetic mean, 0 for no samples.
func mean[T int64 | float64 | time.Duration](xs []T) float64 {
	if len(xs) == 0 {
		return 0
	}
	var sum float64
	for _, x := range xs {
		sum += float64(x)
	}
	return sum / float64(len(xs))
}

// checkLoopback accepts a host:port whose host is localhost, an address in
// 127.0.0.0/8 or ::1, and returns the address to dial (localhost becomes
// 127.0.0.1, so that no resolver is asked). The load tool opens a thousand
// sessions: it must never be pointed at somebody else's machine.
func checkLoopback(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--addr %q: want host:port (%v)", addr, err)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
		return "", fmt.Errorf("--addr %q: the port must be a number from 1 to 65535", addr)
	}
	if strings.EqualFold(host, "localhost") {
		return net.JoinHostPort("127.0.0.1", port), nil
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || ip.Zone() != "" {
		return "", fmt.Errorf("--addr %q: the host must be localhost, 127.x.x.x or ::1 (the load tool only talks to this machine)", addr)
	}
	ip = ip.Unmap()
	if !ip.IsLoopback() {
		return "", fmt.Errorf("--addr %q: %s is not a loopback address; the load tool only talks to this machine", addr, ip)
	}
	return net.JoinHostPort(ip.String(), port), nil
}

// readRSS returns a process's resident set size in KiB from
// /proc/PID/status (VmRSS).
func readRSS(pid int) (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("server memory: %w", err)
	}
	defer f.Close()
	return parseVmRSS(f)
}

// parseVmRSS finds the "VmRSS:   1234 kB" line of a /proc status file.
func parseVmRSS(r interface{ Read([]byte) (int, error) }) (int64, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "VmRSS:") {
			continue
		}
		f := strings.Fields(strings.TrimPrefix(line, "VmRSS:"))
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("server memory: unexpected line %q", line)
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("server memory: %q: %w", line, err)
		}
		return n, nil
	}
	if err := sc.Err(); err != nil {
		return 0, fmt.Errorf("server memory: %w", err)
	}
	return 0, errors.New("server memory: no VmRSS line (a kernel thread, or not Linux?)")
}

// procCPU returns a process's user+system CPU time from /proc/PID/stat
// (fields 14 and 15, in clock ticks of 1/100 s on Linux).
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, fmt.Errorf("server cpu: %w", err)
	}
	return parseStatCPU(string(b))
}

func parseStatCPU(stat string) (time.Duration, error) {
	// The command name (field 2) may hold spaces and parentheses: the
	// fields that follow start after its last ')'.
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, errors.New("server cpu: malformed /proc stat")
	}
	f := strings.Fields(stat[i+1:])
	// f[0] is field 3 (state); utime is field 14, stime field 15.
	if len(f) < 13 {
		return 0, errors.New("server cpu: short /proc stat")
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("server cpu: bad utime/stime in /proc stat")
	}
	return time.Duration(u+s) * 10 * time.Millisecond, nil
}

// selfCPU is this process's user+system CPU time.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
