#!/usr/bin/env bash
# Regenerates the demo lesson videos and thumbnails in this folder. Run once by hand after
# changing a title or a duration (the outputs are committed; npm start never runs this).
# Needs ffmpeg (Debian: apt-get install -y ffmpeg) and the DejaVu fonts.
set -euo pipefail
cd "$(dirname "$0")"

FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

# lesson NAME SECONDS BACKGROUND "TITLE" "SUBTITLE"
# A calm single-colour card with the title, a subtitle, the elapsed time and a progress bar that
# fills over the whole video (so seeking and resuming are visible), encoded as H.264 MP4 with the
# index at the front (faststart) so the browser can start playing before the download ends.
lesson() {
  local name=$1 seconds=$2 background=$3 title=$4 subtitle=$5
  ffmpeg -y -hide_banner -loglevel error \
    -f lavfi -i "color=c=${background}:s=640x360:r=15:d=${seconds}" \
    -f lavfi -i "color=c=white@0.85:s=640x8:r=15:d=${seconds}" \
    -filter_complex "\
[0:v]drawtext=fontfile=${BOLD}:text='${title}':fontcolor=white:fontsize=34:x=(w-text_w)/2:y=(h/2)-44,\
drawtext=fontfile=${FONT}:text='${subtitle}':fontcolor=white@0.8:fontsize=20:x=(w-text_w)/2:y=(h/2)+8,\
drawtext=fontfile=${FONT}:text='Exhale':fontcolor=white@0.6:fontsize=18:x=24:y=20,\
drawtext=fontfile=${FONT}:text='%{eif\:t\:d} s / ${seconds} s':fontcolor=white@0.7:fontsize=18:x=w-text_w-24:y=20[card];\
[card][1:v]overlay=x='-W+W*t/${seconds}':y=H-8:shortest=1,format=yuv420p[v]" \
    -map '[v]' -an -c:v libx264 -profile:v main -preset veryslow -crf 30 -tune stillimage \
    -g 30 -movflags +faststart "${name}.mp4"
  ffmpeg -y -hide_banner -loglevel error -ss 2 -i "${name}.mp4" -frames:v 1 -vf scale=320:180 \
    -q:v 5 "${name}.jpg"
}

TEAL=0x1d4e5a
INDIGO=0x2e3a6e
GREEN=0x1f4d3a

lesson free-1 18 "$TEAL" 'Why we smoke' 'Free lesson 1 of 3'
lesson free-2 18 "$TEAL" 'Know your triggers' 'Free lesson 2 of 3'
lesson free-3 16 "$TEAL" 'Small steps that work' 'Free lesson 3 of 3'
lesson score 20 "$INDIGO" 'Understanding your SIM score' 'What your score out of 250 means'
lesson day-1-a 20 "$GREEN" 'Your reasons to quit' 'Day 1 - Lesson 1'
lesson day-1-b 16 "$GREEN" 'Writing your reasons down' 'Day 1 - Practice'
lesson day-2-a 20 "$GREEN" 'How nicotine hooks you' 'Day 2 - Lesson 1'
lesson day-2-b 16 "$GREEN" 'Tracking every cigarette' 'Day 2 - Practice'
lesson day-3-a 20 "$GREEN" 'Riding out a craving' 'Day 3 - Lesson 1'
lesson day-3-b 16 "$GREEN" 'The ten-breath pause' 'Day 3 - Practice'
lesson day-4-a 20 "$GREEN" 'Tea without a cigarette' 'Day 4 - Lesson 1'
lesson day-4-b 16 "$GREEN" 'New routines for old triggers' 'Day 4 - Practice'
lesson day-5-a 20 "$GREEN" 'Stress without smoking' 'Day 5 - Lesson 1'
lesson day-5-b 16 "$GREEN" 'Building your support circle' 'Day 5 - Practice'
lesson day-6-a 20 "$GREEN" 'Handling a slip' 'Day 6 - Lesson 1'
lesson day-6-b 16 "$GREEN" 'Your high-risk situations' 'Day 6 - Practice'
lesson day-7-a 20 "$GREEN" 'Your smoke-free life' 'Day 7 - Lesson 1'
lesson day-7-b 16 "$GREEN" 'Your quit-day promise' 'Day 7 - Practice'
