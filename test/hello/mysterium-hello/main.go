// Command mysterium-hello serves the Wish hello app (package hello) on a
// loopback address, for the load tool to measure beside the server:
//
//	go build -o /tmp/load/mysterium-hello ./test/hello/mysterium-hello
//	/tmp/load/mysterium-hello --listen 127.0.0.1:24201 --host-key /tmp/load/hello/host_ed25519 &
//	/tmp/load/mysterium-load --hello --addr 127.0.0.1:24201 --sessions 100 --server-pid $!
//
// It lets every key in, so it listens on loopback only. It stops on
// SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"charm.land/ssh"

	"github.com/mysterium-ssh/mysterium/test/hello"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:24201", "address to listen on: loopback only")
	key := flag.String("host-key", filepath.Join(os.TempDir(), "mysterium-hello", "host_ed25519"), "the host key's file, made there if there is none")
	flag.Parse()
	if err := run(*listen, *key); err != nil {
		fmt.Fprintf(os.Stderr, "mysterium-hello: %v\n", err)
		os.Exit(1)
	}
}

func run(listen, key string) error {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return fmt.Errorf("--listen %q: %w", listen, err)
	}
	if ip, err := netip.ParseAddr(host); host != "localhost" && (err != nil || !ip.Unmap().IsLoopback()) {
		return fmt.Errorf("--listen %q: the hello app lets every key in, so it listens on loopback only", listen)
	}
	if err := os.MkdirAll(filepath.Dir(key), 0o700); err != nil {
		return err
	}
	srv, err := hello.New(key)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	fmt.Fprintf(os.Stderr, "mysterium-hello: listening on %s\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
		return err
	}
	return nil
}
