package main

import (
	"strings"
	"testing"
)

func TestDeckShowDrawsImagesForEachProtocol(t *testing.T) {
	code, out, errs := runArgs(t, "deck", "show", "V01", "--images", "kitty", "--cell", "10x20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"\x1b_Ga=t,f=100,q=2,i=", ",c=32,r=24,C=1,q=2\x1b\\", "V01"} {
		if !strings.Contains(out, want) {
			t.Errorf("kitty output lacks %q", want)
		}
	}
	if strings.Contains(out, "▀") {
		t.Error("kitty output has half blocks")
	}
	code, out, _ = runArgs(t, "deck", "show", "c05", "--size", "zoom", "--images", "sixel", "--cell", "8x16")
	if code != 0 || !strings.Contains(out, "\x1bP0;1;0q\"1;1;512;768#") {
		t.Errorf("sixel zoom: exit %d, %.80q", code, out)
	}
	code, out, _ = runArgs(t, "deck", "show", "V01", "--images", "iterm", "--cell", "10x20")
	if code != 0 || !strings.Contains(out, "\x1b]1337;File=inline=1;") || !strings.Contains(out, ";width=32;height=24;") {
		t.Errorf("iterm: exit %d, %.80q", code, out)
	}
	// Not a terminal and no --cell: 10x20 cells.
	code, out, _ = runArgs(t, "deck", "show", "V01", "--images", "sixel")
	if code != 0 || !strings.Contains(out, "\"1;1;320;480#") {
		t.Errorf("sixel at the default cell: exit %d, %.80q", code, out)
	}
	// auto asks the terminal; with none, half blocks.
	code, out, _ = runArgs(t, "deck", "show", "V01", "--images", "auto", "--color", "truecolor")
	if code != 0 || !strings.Contains(out, "▀") || strings.Contains(out, "\x1b_G") || strings.Contains(out, "\x1bP") {
		t.Errorf("auto without a terminal: exit %d, %.80q", code, out)
	}
	code, out, _ = runArgs(t, "deck", "sheet", "--kind", "object", "--images", "kitty", "--cell", "10x20", "--width", "100")
	if n := strings.Count(out, ",c=16,r=12,C=1"); code != 0 || n != 20 {
		t.Errorf("sheet: exit %d, %d placements of 20", code, n)
	}
	for _, args := range [][]string{
		{"deck", "show", "V01", "--images", "png"},
		{"deck", "show", "V01", "--images", "kitty", "--cell", "10"},
		{"deck", "show", "V01", "--images", "kitty", "--cell", "100000x20"},
		{"deck", "sheet", "--images", "kitty", "--cell", "0x0"},
	} {
		if code, _, errs := runArgs(t, args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
