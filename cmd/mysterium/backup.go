package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mysterium-ssh/mysterium/server/store"
)

func init() {
	register(&command{
		name:    "backup",
		summary: "copy a (running) server's database to a file, safely",
		run:     runBackup,
	})
}

// defaultDataDir is --data-dir's default: systemd's StateDirectory= when it
// is set (it may list several, colon-separated), else ./data.
func defaultDataDir() string {
	if sd := os.Getenv("STATE_DIRECTORY"); sd != "" {
		return strings.Split(sd, ":")[0]
	}
	return "./data"
}

func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dataDir := fs.String("data-dir", defaultDataDir(), "the server's data directory ($STATE_DIRECTORY under systemd)")
	fs.SetOutput(stderr)
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: mysterium backup [--data-dir DIR] FILE")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Write a consistent copy of the server's database to FILE (replaced if it exists),")
		fmt.Fprintln(w, "while the server runs and games are played. To restore it: stop the server,")
		fmt.Fprintln(w, "copy FILE to DIR/"+store.FileName+" (removing DIR/"+store.FileName+"-wal and -shm), start it.")
		fmt.Fprintln(w, "The host key (DIR/host_ed25519) is not in the copy: keep it once, it never changes.")
		fmt.Fprintln(w)
		fs.VisitAll(func(f *flag.Flag) {
			fmt.Fprintf(w, "  --%s DIR\n        %s (default %q)\n        env %s\n", f.Name, f.Usage, f.DefValue, envName(f.Name))
		})
	}
	fs.Usage = func() { usage(stderr) }
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			usage(stdout)
			return 0
		}
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := applyEnv(fs); err != nil {
		fmt.Fprintf(stderr, "mysterium backup: %v\n", err)
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "mysterium backup: name one file to write the copy to")
		usage(stderr)
		return 2
	}
	dst := fs.Arg(0)
	src := filepath.Join(*dataDir, store.FileName)
	if err := store.Backup(ctx, src, dst); err != nil {
		fmt.Fprintf(stderr, "mysterium backup: %v\n", err)
		return 1
	}
	if err := store.IntegrityCheck(ctx, dst); err != nil {
		fmt.Fprintf(stderr, "mysterium backup: the copy fails its check: %v\n", err)
		return 1
	}
	size := int64(0)
	if st, err := os.Stat(dst); err == nil {
		size = st.Size()
	}
	fmt.Fprintf(stdout, "copied %s to %s (%d KiB, integrity check ok)\n", src, dst, (size+1023)/1024)
	return 0
}
