// Package systemd holds no code: it is the home of the systemd unit
// (mysterium.service), the environment file example, and the tests that
// check the unit's sandbox with systemd-analyze.
package systemd
