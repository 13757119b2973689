"""The web server: lobby, live play over WebSockets, bots in worker processes, games kept in a database."""
