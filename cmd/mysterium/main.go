// Command mysterium is the Mysterium-over-SSH server and its companion tools.
//
// With no arguments (or only flags) it serves; otherwise the first argument names
// a subcommand. Each subcommand lives in its own file and registers itself in
// init, so that the server, the deck tools and the simulator can grow
// independently without fighting over one switch statement.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

// command is one subcommand of the mysterium binary.
type command struct {
	name    string
	summary string
	// run executes the subcommand with the arguments after its name and returns
	// the process exit code. ctx is cancelled on SIGINT or SIGTERM.
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

var commands = map[string]*command{}

// register adds a subcommand; it is called from init functions.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("mysterium: subcommand registered twice: " + c.name)
	}
	commands[c.name] = c
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand. A bare invocation, or one that starts with a
// flag, means "serve", because hosting is what most people run the binary for.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	switch name {
	case "help":
		usage(stdout)
		return 0
	}
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") && name == "serve" && commands["serve"] == nil {
		usage(stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "mysterium: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	return c.run(ctx, args, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Mysterium over SSH: a cooperative séance for a ghost and its psychics.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: mysterium [command] [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "  %-10s %s\n", "help", "show this help")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'mysterium COMMAND --help' for a command's flags.")
}
