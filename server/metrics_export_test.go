package server

// RefusalReasons lists every value of the refusals' reason label (for the
// test that no label holds anything else).
func RefusalReasons() []string { return append([]string(nil), refusalReasons...) }
