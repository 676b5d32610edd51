"""The games in progress: shared by the devices that joined them, each change applied under
one lock, saved, and published to every device of the game. Over `ui.store`."""
