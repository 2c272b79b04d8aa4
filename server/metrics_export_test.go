package server

import "github.com/mysterium-ssh/mysterium/server/metrics"

// RefusalReasons lists every value of the refusals' reason label (for the
// test that no label holds anything else).
func RefusalReasons() []string {
	var out []string
	for _, r := range metrics.Reasons() {
		out = append(out, string(r))
	}
	return out
}
