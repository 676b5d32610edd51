"""One phone's session: the app's model (what this device shows, its draft, its evaluation,
its watchers), over the games in progress (`ui.live`) and the store (`ui.store`)."""
