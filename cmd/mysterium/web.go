package main

import (
	"context"
	"flag"
	"fmt"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/web"
)

// webFlagSet holds the serve command's --web-* flags.
type webFlagSet struct {
	addr, url, cert, key, trusted *string
	public, open                  *bool
}

// webFlags declares the browser way in's flags on fs (so each has its
// MYSTERIUM_* variable too).
func webFlags(fs *flag.FlagSet) webFlagSet {
	return webFlagSet{
		addr:    fs.String("web", "", "also serve the game to browsers on this address (127.0.0.1:8080); off when empty"),
		url:     fs.String("web-url", "", "the public URL of the browser way in, when behind a reverse proxy (https://play.example.net); invitations link to it"),
		cert:    fs.String("web-tls-cert", "", "TLS certificate file (PEM) for the browser way in: serve HTTPS"),
		key:     fs.String("web-tls-key", "", "TLS key file (PEM) for --web-tls-cert"),
		trusted: fs.String("web-trusted-proxy", "", "comma-separated addresses or prefixes of reverse proxies whose X-Forwarded-For names the real client"),
		public:  fs.Bool("web-public", false, "allow --web without TLS on an address that is not loopback or private"),
		open:    fs.Bool("web-open", false, "with --allow-keys, let every browser in (a reverse proxy with a login vets them); without it only browsers with a table's invitation link get in"),
	}
}

// startWeb starts the browser way in beside srv, until ctx ends. It returns
// once the address is listened on, so a bad flag or a busy port stops the
// start.
func startWeb(ctx context.Context, f webFlagSet, srv *server.Server, logger *log.Logger) error {
	trusted, err := web.ParseTrusted(*f.trusted)
	if err != nil {
		return fmt.Errorf("--web-trusted-proxy: %w", err)
	}
	w, err := web.New(web.Config{
		Addr:           *f.addr,
		URL:            *f.url,
		TLSCert:        *f.cert,
		TLSKey:         *f.key,
		TrustedProxies: trusted,
		Public:         *f.public,
		Logger:         logger,
		Backend:        srv,
		Fits:           session.Fits(),
	})
	if err != nil {
		return err
	}
	ln, err := w.Listen()
	if err != nil {
		return err
	}
	srv.SetWebLink(w.Link)
	go func() {
		if err := w.Serve(ctx, ln); err != nil {
			logger.Error("browser way in stopped", "err", err)
		}
	}()
	return nil
}
