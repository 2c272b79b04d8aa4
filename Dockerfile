# Mysterium over SSH in a container: a static binary on an empty image,
# running as an unprivileged user, its host key and database in the /data
# volume. See docs/hosting.md.
#
#   docker build -t mysterium .                        # from source (needs the Go image and the module proxy)
#   CGO_ENABLED=0 go build -o mysterium ./cmd/mysterium
#   docker build --target prebuilt -t mysterium .      # offline: from that binary, no registry needed
#   docker compose up -d                               # compose.yaml builds it for you
#
# podman build takes the same file and flags (add --format docker to keep
# the health check in the image).

ARG GO_VERSION=1.26

# --- The Go build (from source) -------------------------------------------
FROM docker.io/library/golang:${GO_VERSION} AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=""
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/mysterium ./cmd/mysterium

# --- Everything but the binary ----------------------------------------------
FROM scratch AS base
# /data belongs to the unprivileged user, so that a new named volume mounted
# there does too (the container engine copies the image's directory into it);
# its README says what the files in it are.
COPY --chown=10001:10001 container/data/ /data/
WORKDIR /data
USER 10001:10001
# The image has no /tmp: SQLite's rare temporary files go to the volume
# (they are removed as soon as they are opened).
ENV MYSTERIUM_DATA_DIR=/data \
    MYSTERIUM_LISTEN=:23234 \
    MYSTERIUM_LOG_FORMAT=logfmt \
    TMPDIR=/data
VOLUME ["/data"]
# 23234: SSH. 8080: the browser way in, when MYSTERIUM_WEB=:8080 (with
# MYSTERIUM_WEB_PUBLIC=true: the container listens on every address).
# 9100: /metrics and /healthz, when MYSTERIUM_METRICS=:9100.
EXPOSE 23234 8080 9100
# SIGTERM (docker stop) is the graceful shutdown: players are told, every
# move is already on disk, the process exits within 10 s.
STOPSIGNAL SIGTERM
# The image has no shell and no curl: the binary checks itself (/healthz
# when MYSTERIUM_METRICS is set, else the SSH port's greeting).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["/mysterium", "healthcheck"]
ENTRYPOINT ["/mysterium"]
CMD ["serve"]

# --- From a binary built beforehand: --target prebuilt ----------------------
# It must be static: CGO_ENABLED=0 go build -o mysterium ./cmd/mysterium
FROM base AS prebuilt
COPY mysterium /mysterium

# --- From source: the default (last) target ---------------------------------
FROM base AS image
COPY --from=build /out/mysterium /mysterium
