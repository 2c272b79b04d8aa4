package game

import (
	"reflect"
	"testing"
)

func TestBuiltinPools(t *testing.T) {
	p := BuiltinPools()
	if len(p.Visions) != 84 || len(p.Characters) != 20 || len(p.Locations) != 20 || len(p.Objects) != 20 {
		t.Fatalf("built-in pools: %d %d %d %d", len(p.Visions), len(p.Characters), len(p.Locations), len(p.Objects))
	}
	// The built-in deck uses the same ids as the generated test pools.
	if !reflect.DeepEqual(p, TestPools()) {
		t.Error("built-in ids differ from V01..V84, C01..C20, L01..L20, O01..O20")
	}
	for _, e := range Editions {
		if _, err := NewStarted(DefaultOptions(e), p, 4, 1); err != nil {
			t.Errorf("%s: %v", e, err)
		}
	}
}
