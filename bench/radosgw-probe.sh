#!/usr/bin/env bash
# Measures whether Ceph's radosgw from Debian can be this project's real S3 for `npm run cluster`
# and CI: a single-node cluster (one monitor, one OSD on memstore, no auth) and radosgw on
# loopback, timed from nothing to an S3 answer, with the resident memory of each daemon.
# docs/deploy.md records the result. Run as root; needs radosgw ceph-mon ceph-osd installed.
# Everything it starts is stopped by PID at the end; nothing is left but its temp folder's removal.
set -uo pipefail
D=$(mktemp -d /tmp/eduportal-rgw-XXXX)
mkdir -p "$D"/run "$D"/log "$D"/mon "$D"/osd/ceph-0
fsid=$(cat /proc/sys/kernel/random/uuid)
port=${RGW_PORT:-17480}
monport=${MON_PORT:-16789}
pids=()
stop() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; sleep 1; for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done; rm -rf "$D"; }
trap stop EXIT
cat > "$D/ceph.conf" <<CONF
[global]
fsid = $fsid
mon host = v1:127.0.0.1:$monport
mon initial members = a
ms bind msgr2 = false
auth cluster required = none
auth service required = none
auth client required = none
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
run dir = $D/run
admin socket = $D/run/\$name.asok
log file = $D/log/\$name.log
pid file = $D/run/\$name.pid
mon data = $D/mon/\$cluster-\$id
osd data = $D/osd/\$cluster-\$id
osd objectstore = memstore
memstore device bytes = 536870912
keyring = $D/keyring
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$port
rgw dns name = 127.0.0.1
CONF
C=(-c "$D/ceph.conf")
t0=$(date +%s.%N)
ceph-authtool --create-keyring "$D/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
monmaptool --create --addv a "[v1:127.0.0.1:$monport]" --fsid "$fsid" "$D/monmap" >/dev/null
ceph-mon "${C[@]}" --mkfs -i a --monmap "$D/monmap" --keyring "$D/keyring" || { echo "mon mkfs failed"; exit 1; }
ceph-mon "${C[@]}" -i a -f & pids+=($!)
for _ in $(seq 1 60); do timeout 5 ceph "${C[@]}" -s >/dev/null 2>&1 && break; sleep 0.5; done
osd_id=$(timeout 20 ceph "${C[@]}" osd create) || { echo "osd create failed"; exit 1; }
ceph-osd "${C[@]}" -i "$osd_id" --mkfs >/dev/null 2>&1 || { echo "osd mkfs failed"; tail -5 "$D"/log/osd.*.log; exit 1; }
ceph-osd "${C[@]}" -i "$osd_id" -f & pids+=($!)
radosgw "${C[@]}" -n client.rgw.a -f & pids+=($!)
ok=0
for _ in $(seq 1 240); do
  if curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" 2>/dev/null | grep -qE '^(200|403)$'; then ok=1; break; fi
  sleep 0.5
done
t1=$(date +%s.%N)
if [ $ok = 1 ]; then
  echo "radosgw answered S3 after $(echo "$t1 - $t0" | bc) s"
  timeout 30 radosgw-admin "${C[@]}" user create --uid=probe --display-name=probe --access-key=probe --secret-key=probesecret >/dev/null && echo "user created"
else
  echo "radosgw did not answer within 120 s"; tail -5 "$D"/log/client.rgw.a.log 2>/dev/null
fi
sleep 2
total=0
for p in "${pids[@]}"; do
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$p/status" 2>/dev/null || echo 0)
  echo "$(cat /proc/$p/comm 2>/dev/null || echo gone) pid $p RSS ${rss:-0} kB"
  total=$((total + ${rss:-0}))
done
echo "total RSS ${total} kB"
