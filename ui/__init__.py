"""The app: a phone-first score pad for 7 Wonders and 7 Wonders Duel, over `scorer`."""
