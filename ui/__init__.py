"""The desktop table: pygame-ce render loop, pygame-gui widgets, scenes, animation and input."""
