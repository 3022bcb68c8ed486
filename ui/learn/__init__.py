"""Learn to play: a guided first game per preset (docs/learn.md). The lessons are data
(assets/lessons/<preset>.json, read by game.lesson); `Guide` walks the real table through one."""
