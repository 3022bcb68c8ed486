"""LAN play: the host, the client, the wire protocol and discovery. Imports game/, never the other way."""
