"""Hand records read and written from outside: replaying a history, PHH and PokerStars import.

They sit above ``games``: reading a record rebuilds its game by name.
"""
