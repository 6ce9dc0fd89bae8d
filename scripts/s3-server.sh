#!/usr/bin/env bash
# s3-server.sh - a real S3-compatible object store on 127.0.0.1 for the storage tests (npm test starts
# it through apps/api/src/test/global-setup.ts): OpenStack Swift from Debian's packages as a
# one-replica "Swift All In One" with its s3api + tempauth middlewares, plus memcached (tempauth needs
# it). All config, rings, pids, logs and data live under DIR. Adapted from the team's shared recipe
# (shared/tools/s3-server.sh and s3-server.md, which also list the S3 calls Swift 2.30 answers).
#
#   scripts/s3-server.sh install            apt-get update + install the Debian packages (root)
#   scripts/s3-server.sh start DIR [PORT]   start in the background, wait until S3 answers,
#                                           create the bucket, print the client env (KEY=VALUE)
#   scripts/s3-server.sh stop DIR           stop exactly the processes started for DIR
#   scripts/s3-server.sh status DIR         print the env and exit 0 if running, else exit 1
#
# Ports: PORT (S3/proxy, default 9000), PORT+1 account, PORT+2 container,
# PORT+3 object, PORT+4 memcached; all bound to 127.0.0.1 only.
# Optional env: S3_BUCKET (default test-bucket), S3_START_TIMEOUT (s, default 60),
# S3_LOG_LEVEL (default WARNING; INFO adds access logs in DIR/log/proxy.log),
# S3_WORKERS (default 0 = one process per server; 1 = master + 1 worker each).
set -euo pipefail

PKGS="swift swift-proxy swift-account swift-container swift-object python3-swift memcached"
PY=/usr/bin/python3
ACCESS_KEY="test:tester"     # tempauth user "tester" in account "test" (AUTH_test)
SECRET_KEY="testing"
REGION="us-east-1"
SERVICES="memcached account container object proxy"   # start order

die() { echo "s3-server: ERROR: $*" >&2; exit 1; }
usage() { echo "usage: $0 install | start DIR [PORT] | stop DIR | status DIR" >&2; exit 2; }

# ---------------------------------------------------------------- install
do_install() {
  local missing="" p
  for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  [ "$(id -u)" = 0 ] || die "install needs root (missing:$missing)"
  local log; log=$(mktemp /tmp/s3-server-install.XXXXXX.log)
  # never let the packages' postinst start system-wide daemons
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod 755 /usr/sbin/policy-rc.d
  fi
  local rc=0
  # S3_APT_UPDATED=1: the caller has just run apt-get update (.ci/run), not run again.
  { { [ -n "${S3_APT_UPDATED:-}" ] || apt-get update -qq; } && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      --no-install-recommends $PKGS; } >"$log" 2>&1 || rc=$?
  [ "$rc" = 0 ] || die "apt-get install of$missing failed (rc=$rc, log: $log)"
  rm -f "$log"
}

# ---------------------------------------------------------------- helpers
ours() {  # $1 = pid; true if it runs (not a zombie) and carries our marker
  local s rest
  read -r s 2>/dev/null < "/proc/$1/stat" || return 1
  rest=${s##*) }; [ "${rest%% *}" != Z ] || return 1
  { tr '\0' '\n' < "/proc/$1/environ"; } 2>/dev/null | grep -qxF "S3SRV_DIR=$DIR"
}

# our pids in the process group (session) started as $1
group_pids() {
  local pg=$1 f s rest pid
  for f in /proc/[0-9]*/stat; do
    read -r s 2>/dev/null < "$f" || continue
    rest=${s##*) }                     # fields after "(comm) ": state ppid pgrp ...
    set -- $rest
    [ "${3:-}" = "$pg" ] || continue
    pid=${f#/proc/}; pid=${pid%/stat}
    ours "$pid" && echo "$pid"
  done
  return 0
}

leader_alive() {  # $1 = service name; true if its recorded leader runs and is ours
  local pidf="$RUN/$1.pid"
  [ -s "$pidf" ] && ours "$(cat "$pidf")"
}

stop_all() {
  local svc pidf pids="" p left t
  for svc in $SERVICES; do
    pidf="$RUN/$svc.pid"
    [ -s "$pidf" ] && pids="$pids $(group_pids "$(cat "$pidf")" | tr '\n' ' ')"
  done
  pids=$(echo $pids)
  if [ -n "$pids" ]; then
    kill -TERM $pids 2>/dev/null || true
    for t in $(seq 1 50); do                        # up to 10 s, then SIGKILL
      left=""
      for p in $pids; do ours "$p" && left="$left $p"; done
      [ -z "$left" ] && break
      sleep 0.1
    done
    if [ -n "$left" ]; then kill -KILL $left 2>/dev/null || true; sleep 0.2; fi
    for t in $(seq 1 30); do                        # give init up to 3 s to reap the zombies
      left=""
      for p in $pids; do [ -e "/proc/$p" ] && left=1; done
      [ -z "$left" ] && break
      sleep 0.1
    done
  fi
  rm -f "$RUN"/*.pid "$DIR/env"
}

set_dir() {
  [ -n "${1:-}" ] || usage
  mkdir -p "$1"
  DIR=$(cd "$1" && pwd -P)
  ETC="$DIR/etc"; RUN="$DIR/run"; LOG="$DIR/log"; DATA="$DIR/data"
  exec 9>"$DIR/.lock"                  # serialize start/stop on the same DIR
  flock -w 120 9 || die "could not lock $DIR/.lock"
}

# ---------------------------------------------------------------- config
write_configs() {
  local user; user=$(id -un)
  local common="bind_ip = 127.0.0.1
workers = $WORKERS
user = $user
swift_dir = $ETC
devices = $DATA
mount_check = false
fallocate_reserve = 0
log_level = $LOGLEVEL
recon_cache_path = $RUN"
  local name port
  for name in account container object; do
    case $name in account) port=$((PORT+1));; container) port=$((PORT+2));; object) port=$((PORT+3));; esac
    cat > "$ETC/$name-server.conf" <<EOF
[DEFAULT]
bind_port = $port
log_name = $name-server
$common

[pipeline:main]
pipeline = healthcheck $name-server

[app:$name-server]
use = egg:swift#$name

[filter:healthcheck]
use = egg:swift#healthcheck
EOF
  done
  cat > "$ETC/proxy-server.conf" <<EOF
[DEFAULT]
bind_port = $PORT
log_name = proxy-server
$common

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3srv_compat s3api tempauth copy slo dlo versioned_writes symlink proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true
conn_timeout = 2
node_timeout = 30
# one node only: never "error-limit" it for long after a transient failure
error_suppression_interval = 1
error_suppression_limit = 1000

[filter:s3api]
use = egg:swift#s3api
location = $REGION

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = $SECRET_KEY .admin

[filter:s3srv_compat]
paste.filter_factory = s3srv_compat:filter_factory

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$((PORT+4))

[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
[filter:versioned_writes]
use = egg:swift#versioned_writes
allow_object_versioning = true
[filter:symlink]
use = egg:swift#symlink
EOF
  # Swift 2.30's s3api insists on Content-MD5 for DeleteObjects; AWS SDKs since
  # early 2025 send x-amz-checksum-crc32 instead (which S3 accepts). This shim
  # adds the Content-MD5 such requests lack, so stock clients work unchanged.
  cat > "$ETC/s3srv_compat.py" <<'EOF'
import base64, hashlib, io
from urllib.parse import parse_qs

class S3SrvCompat(object):
    def __init__(self, app):
        self.app = app

    def __call__(self, env, start_response):
        if (env.get('REQUEST_METHOD') == 'POST' and 'HTTP_CONTENT_MD5' not in env
                and 'delete' in parse_qs(env.get('QUERY_STRING', ''), keep_blank_values=True)
                and any(k.startswith(('HTTP_X_AMZ_CHECKSUM_', 'HTTP_X_AMZ_SDK_CHECKSUM')) for k in env)):
            try:
                length = int(env.get('CONTENT_LENGTH') or 0)
            except ValueError:
                length = 0
            if 0 < length <= 4 * 1024 * 1024:
                body = env['wsgi.input'].read(length)
                env['wsgi.input'] = io.BytesIO(body)
                env['HTTP_CONTENT_MD5'] = base64.b64encode(hashlib.md5(body).digest()).decode('ascii')
        return self.app(env, start_response)

def filter_factory(global_conf, **local_conf):
    return S3SrvCompat
EOF
}

# checks xattrs, free ports, builds the 3 rings (1 device, 1 replica)
prepare() {
  "$PY" - "$ETC" "$DATA/d1" "$PORT" <<'PYEOF'
import os, sys, socket
etc, dev, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
def fail(msg):
    print("s3-server: ERROR: " + msg, file=sys.stderr); sys.exit(1)
probe = os.path.join(dev, ".xattr-probe")
try:
    open(probe, "w").close()
    os.setxattr(probe, "user.s3srv", b"1")
except OSError as e:
    fail("%s does not support user xattrs (%s); use a dir on ext4/xfs" % (dev, e))
finally:
    if os.path.exists(probe): os.unlink(probe)
for p in range(port, port + 5):
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try: s.bind(("127.0.0.1", p))
    except OSError as e: fail("port %d is in use (%s); pass another PORT (uses PORT..PORT+4)" % (p, e.strerror))
    finally: s.close()
try:
    from swift.common.utils import validate_hash_conf
    validate_hash_conf()
    from swift.common.storage_policy import POLICIES
except Exception as e:
    fail("/etc/swift/swift.conf is missing or invalid (%s); reinstall the 'swift' package" % e)
rings = [("account", port + 1), ("container", port + 2)]
for pol in POLICIES:
    if pol.policy_type != "replication":
        fail("storage policy %s in /etc/swift/swift.conf is %s; only replication works here" % (pol.name, pol.policy_type))
    rings.append((pol.ring_name, port + 3))
from swift.common.ring import RingBuilder
for name, rport in rings:
    b = RingBuilder(10, 1, 0)
    b.add_dev({"id": 0, "region": 1, "zone": 1, "ip": "127.0.0.1",
               "port": rport, "device": "d1", "weight": 100, "meta": ""})
    b.rebalance(seed=1)
    b.get_ring().save(os.path.join(etc, name + ".ring.gz"))
PYEOF
}

launch() {  # name cmd... ; own session (pgid == pid), pid -> RUN/name.pid, no inherited fds > 2
  local name=$1; shift
  env -u PYTHONHOME PYTHONPATH="$ETC" S3SRV_DIR="$DIR" \
    setsid bash -c 'for f in /proc/$$/fd/*; do f=${f##*/}; [ "$f" -gt 2 ] && eval "exec $f>&-" 2>/dev/null; done
                    echo $$ > "$0"; exec "$@"' "$RUN/$name.pid" "$@" \
    </dev/null >>"$LOG/$name.log" 2>&1 &
}

# waits for backends + proxy, then creates the bucket through S3 (SigV4)
wait_ready() {
  "$PY" - "$PORT" "$RUN" "$LOG" "$TIMEOUT" "$BUCKET" "$ACCESS_KEY" "$SECRET_KEY" "$REGION" $SERVICES <<'PYEOF'
import datetime, hashlib, hmac, http.client, os, socket, sys, time
port, run, logd, timeout, bucket, ak, sk, region = sys.argv[1:9]
services = sys.argv[9:]
port = int(port); deadline = time.time() + float(timeout)
def fail(msg):
    print("s3-server: ERROR: " + msg, file=sys.stderr); sys.exit(1)
t_start = time.time()
def running(pid):
    try:
        st = open("/proc/%d/stat" % pid).read()
    except OSError:
        return False
    return st.rsplit(")", 1)[1].split()[0] != "Z"
def alive():
    for s in services:
        try:
            pid = int(open(os.path.join(run, s + ".pid")).read())
        except (OSError, ValueError):
            if time.time() - t_start < 5:
                continue            # pid file not written yet
            pid = -1
        if pid == -1 or not running(pid):
            last = ""
            try: last = [l for l in open(os.path.join(logd, s + ".log")).read().splitlines() if l.strip()][-1]
            except Exception: pass
            fail("%s exited during start (%s/%s.log: %s)" % (s, logd, s, last[-200:] or "empty"))
def req(method, p, path, signed=False):
    headers = {"Host": "127.0.0.1:%d" % p}
    if signed:
        t = datetime.datetime.now(datetime.timezone.utc)
        amz, day = t.strftime("%Y%m%dT%H%M%SZ"), t.strftime("%Y%m%d")
        ph = hashlib.sha256(b"").hexdigest()
        headers.update({"x-amz-date": amz, "x-amz-content-sha256": ph})
        sh = "host;x-amz-content-sha256;x-amz-date"
        canon = "\n".join([method, path, "", "host:%s\nx-amz-content-sha256:%s\nx-amz-date:%s\n"
                           % (headers["Host"], ph, amz), sh, ph])
        scope = "%s/%s/s3/aws4_request" % (day, region)
        sts = "\n".join(["AWS4-HMAC-SHA256", amz, scope, hashlib.sha256(canon.encode()).hexdigest()])
        k = ("AWS4" + sk).encode()
        for m in (day, region, "s3", "aws4_request"):
            k = hmac.new(k, m.encode(), hashlib.sha256).digest()
        sig = hmac.new(k, sts.encode(), hashlib.sha256).hexdigest()
        headers["Authorization"] = "AWS4-HMAC-SHA256 Credential=%s/%s, SignedHeaders=%s, Signature=%s" % (ak, scope, sh, sig)
    c = http.client.HTTPConnection("127.0.0.1", p, timeout=10)
    try:
        c.request(method, path, body=b"" if method == "PUT" else None, headers=headers)
        r = c.getresponse(); body = r.read()
        return r.status, body
    except OSError:
        return 0, b""
    finally:
        c.close()
# 1. every backend + proxy healthcheck answers (before any request goes through the proxy)
pending = [port + 1, port + 2, port + 3, port]
while pending:
    alive()
    if time.time() > deadline:
        fail("port %d did not answer /healthcheck within %ss (logs: %s)" % (pending[0], timeout, logd))
    if req("GET", pending[0], "/healthcheck")[0] == 200: pending.pop(0); continue
    time.sleep(0.2)
with socket.create_connection(("127.0.0.1", port + 4), timeout=5): pass   # memcached
# 2. create the bucket through the S3 API, then HEAD it
last = None
while True:
    alive()
    st, body = req("PUT", port, "/" + bucket, signed=True)
    if st in (200, 409) and req("HEAD", port, "/" + bucket, signed=True)[0] == 200:
        break
    last = (st, body[:300])
    if time.time() > deadline:
        fail("S3 endpoint http://127.0.0.1:%d did not create bucket %s within %ss: %r (logs: %s)"
             % (port, bucket, timeout, last, logd))
    time.sleep(0.5)
PYEOF
}

print_env() {
  cat > "$DIR/env" <<EOF
S3_ENDPOINT=http://127.0.0.1:$PORT
S3_REGION=$REGION
S3_ACCESS_KEY_ID=$ACCESS_KEY
S3_SECRET_ACCESS_KEY=$SECRET_KEY
S3_BUCKET=$BUCKET
S3_FORCE_PATH_STYLE=true
AWS_REQUEST_CHECKSUM_CALCULATION=WHEN_REQUIRED
AWS_RESPONSE_CHECKSUM_VALIDATION=WHEN_REQUIRED
EOF
  echo "$PORT $BUCKET" > "$RUN/state"
  cat "$DIR/env"
}

# ---------------------------------------------------------------- start/stop
do_start() {
  set_dir "${1:-}"
  PORT=${2:-9000}
  case $PORT in ''|*[!0-9]*) die "PORT must be a number, got '$PORT'";; esac
  [ "$PORT" -ge 1024 ] && [ "$PORT" -le 65530 ] || die "PORT must be in 1024..65530"
  BUCKET=${S3_BUCKET:-test-bucket}
  TIMEOUT=${S3_START_TIMEOUT:-60}
  LOGLEVEL=${S3_LOG_LEVEL:-WARNING}
  WORKERS=${S3_WORKERS:-0}      # 0 = each server is one process (no fork): half the memory of 1
  local svc
  for svc in swift-proxy-server swift-account-server swift-container-server swift-object-server memcached; do
    command -v "$svc" >/dev/null || die "$svc not found: run '$0 install' first"
  done
  mkdir -p "$ETC" "$RUN" "$LOG" "$DATA/d1"

  # already running for DIR? (idempotent)
  local up=0 n=0
  for svc in $SERVICES; do n=$((n+1)); leader_alive "$svc" && up=$((up+1)); done
  if [ "$up" = "$n" ] && [ -s "$RUN/state" ]; then
    local rport rbucket; read -r rport rbucket < "$RUN/state"
    if [ -n "${2:-}" ] && [ "$2" != "$rport" ]; then die "already running for $DIR on port $rport (stop it first)"; fi
    PORT=$rport; BUCKET=${S3_BUCKET:-$rbucket}
    wait_ready || die "already running for $DIR but not answering (try: $0 stop $DIR)"
    print_env; return 0
  fi
  stop_all       # leftovers of a half-dead earlier run, if any

  write_configs
  prepare || exit 1
  local uflag=""
  [ "$(id -u)" = 0 ] && uflag="-u root"
  launch memcached memcached -l 127.0.0.1 -p $((PORT+4)) -U 0 -t 1 -m 32 -c 256 $uflag
  launch account   swift-account-server   "$ETC/account-server.conf" -v
  launch container swift-container-server "$ETC/container-server.conf" -v
  launch object    swift-object-server    "$ETC/object-server.conf" -v
  launch proxy     swift-proxy-server     "$ETC/proxy-server.conf" -v
  if ! wait_ready; then stop_all; exit 1; fi
  print_env
}

do_stop() {
  [ -n "${1:-}" ] || usage
  [ -d "$1" ] || return 0
  set_dir "$1"
  [ -d "$RUN" ] || return 0
  stop_all
  rm -f "$RUN/state"
}

do_status() {
  [ -n "${1:-}" ] && [ -d "$1" ] || exit 1
  set_dir "$1"
  local svc
  for svc in $SERVICES; do leader_alive "$svc" || exit 1; done
  [ -s "$DIR/env" ] && cat "$DIR/env"
}

case "${1:-}" in
  install) do_install ;;
  start)   shift; do_start "$@" ;;
  stop)    shift; do_stop "$@" ;;
  status)  shift; do_status "$@" ;;
  *)       usage ;;
esac
