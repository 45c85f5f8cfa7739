#!/usr/bin/env bash
# Makes the small video clips in tests/fixtures/ (committed, so tests need no ffmpeg).
# Renditions use ffmpeg when there is one (docs/api.md, "Renditions"); these fixtures do not need it.
# Run again only to change the clips.
set -euo pipefail
cd "$(dirname "$0")/../tests/fixtures"
ffmpeg -v error -y -f lavfi -i testsrc=size=320x180:rate=15 -f lavfi -i sine=frequency=440:sample_rate=22050 \
  -t 2.5 -pix_fmt yuv420p -c:v libx264 -preset veryfast -crf 35 -c:a aac -b:a 32k -movflags +faststart clip.mp4
ffmpeg -v error -y -f lavfi -i testsrc2=size=320x180:rate=15 -t 3.2 -c:v libvpx -b:v 120k -an clip.webm
ls -l clip.mp4 clip.webm
