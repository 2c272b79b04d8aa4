package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
)

// version is set at build time with -ldflags "-X main.version=..."; otherwise
// the module version recorded by the Go toolchain is used.
var version = ""

func init() {
	register(&command{
		name:    "version",
		summary: "print the version",
		run: func(_ context.Context, _ []string, stdout, _ io.Writer) int {
			fmt.Fprintln(stdout, "mysterium", Version())
			return 0
		},
	})
}

// Version reports the build's version string.
func Version() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
