"""Home's rules (Docs/Screens.md and HomeScreen.swift) kept over the counts a load script writes, so that the script knows
which open Homes each write changes. Used by live_load.py; the script checks the model against the server's
own documents after the load, so a model that drifted from the server fails the run rather than skew it."""
import bisect
import heapq


def ordinal(number):
    if 11 <= number % 100 <= 13:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


class Ranking:
    """One habit's counts: ranks by binary search over the sorted counts; the top two by one pass."""

    def __init__(self):
        self.counts = {}
        self.ordered = []
        self._top = None

    def add(self, user):
        old = self.counts.get(user, 0)
        if old:
            del self.ordered[bisect.bisect_left(self.ordered, old)]
        self.counts[user] = old + 1
        bisect.insort(self.ordered, old + 1)
        self._top = None

    def rank(self, count):
        """Competition rank: 1 + the users with a strictly higher count."""
        return 1 + len(self.ordered) - bisect.bisect_right(self.ordered, count)

    def sharing(self, count):
        return bisect.bisect_right(self.ordered, count) - bisect.bisect_left(self.ordered, count)

    def top(self, order):
        if self._top is None:
            self._top = heapq.nsmallest(2, self.counts.items(), key=lambda pair: (-pair[1],) + order[pair[0]])
        return self._top


class HomeModel:
    """The Home of every viewer: cards by habit id, lines by followed user id."""

    def __init__(self, users, habits, counts, favorites, following):
        # users: id -> (name, key); habits: id -> name; counts: (user, habit) -> count
        self.names = {user: name for user, (name, _) in users.items()}
        self.order = {user: (name, key) for user, (name, key) in users.items()}
        self.habit_names = habits
        self.habit_order = {habit: (name, habit) for habit, name in habits.items()}
        self.rankings = {habit: Ranking() for habit in habits}
        self.logged = {user: set() for user in users}
        for (user, habit), count in counts.items():
            ranking = self.rankings[habit]
            ranking.counts[user] = count
            self.logged[user].add(habit)
        for ranking in self.rankings.values():
            ranking.ordered = sorted(ranking.counts.values())
        self.favorites = favorites
        self.following = following
        self.favoriters, self.followers = {}, {}
        for viewer, habits_of in favorites.items():
            for habit in habits_of:
                self.favoriters.setdefault(habit, set()).add(viewer)
        for viewer, followed in following.items():
            for user in followed:
                self.followers.setdefault(user, set()).add(viewer)
        # Which lines show which habit, so that a write there finds them.
        self.showing = {}  # (habit, user) -> {(viewer, followed)}
        self.cards, self.lines, self.shown = {}, {}, {}
        for viewer in favorites:
            for habit in favorites[viewer]:
                self.cards[(viewer, habit)] = self.card(viewer, habit)
            for user in following.get(viewer, ()):
                self.refresh_line(viewer, user)

    def count(self, user, habit):
        return self.rankings[habit].counts.get(user, 0)

    def card(self, viewer, habit):
        ranking = self.rankings[habit]
        top = ranking.top(self.order)
        if not top:
            return ("Nobody Yet!", None)

        def line(user, count):
            if user != viewer:
                return f"{self.names[user]} {count}"
            tied = "tied " if ranking.sharing(count) > 1 else ""
            return f"You {count} ({tied}{ordinal(ranking.rank(count))})"
        leader = line(*top[0])
        if len(top) == 1:
            return (leader, None)
        mine = ranking.counts.get(viewer, 0)
        second = (viewer, mine) if mine > 0 and top[0][0] != viewer else top[1]
        return (leader, line(*second))

    def line(self, viewer, user):
        """The message, and the habit it shows with whose ranks it shows (None when it shows none)."""
        theirs_logged, mine = self.logged[user], self.logged[viewer]
        common = theirs_logged & mine
        if common:
            favorites = common & self.favorites.get(viewer, set())
            habit = min(favorites or common, key=self.habit_order.get)
            ranking, name = self.rankings[habit], self.habit_names[habit]
            theirs, yours = ranking.rank(ranking.counts[user]), ranking.rank(ranking.counts[viewer])
            if theirs < yours:
                text = (f"Currently {ordinal(theirs)}, ahead of you ({ordinal(yours)}) in {name}.\n"
                        "You might catch up with a little extra effort!")
            elif theirs > yours:
                text = (f"Currently {ordinal(theirs)}, behind you ({ordinal(yours)}) in {name}.\n"
                        "Send them a friendly reminder!")
            else:
                text = f"You are tied at {ordinal(theirs)} in {name}! Now's your chance to pull ahead."
            return text, habit, (user, viewer)
        if theirs_logged:
            habit = min(theirs_logged, key=self.habit_order.get)
            ranking = self.rankings[habit]
            return (f"Currently {ordinal(ranking.rank(ranking.counts[user]))} in {self.habit_names[habit]}.\n"
                    "Maybe you should give this habit a look."), habit, (user,)
        return ("This user doesn't seem to have done much yet. Check in to see if they need any help "
                "getting started."), None, ()

    def refresh_line(self, viewer, user):
        """Recomputes one line; whether it changed."""
        for ranked in self.shown.get((viewer, user), (None, ()))[1]:
            self.showing[(self.shown[(viewer, user)][0], ranked)].discard((viewer, user))
        text, habit, ranked = self.line(viewer, user)
        self.shown[(viewer, user)] = (habit, ranked)
        for person in ranked:
            self.showing.setdefault((habit, person), set()).add((viewer, user))
        changed = self.lines.get((viewer, user)) != text
        self.lines[(viewer, user)] = text
        return changed

    def log(self, user, habit):
        """Adds one log; the viewers whose Home it changes."""
        ranking = self.rankings[habit]
        before = {person: ranking.rank(count) for person, count in ranking.counts.items()}
        first = habit not in self.logged[user]
        ranking.add(user)
        self.logged[user].add(habit)
        moved = {person for person, count in ranking.counts.items() if before.get(person) != ranking.rank(count)}
        changed = set()
        for viewer in self.favoriters.get(habit, ()):
            card = self.card(viewer, habit)
            if card != self.cards[(viewer, habit)]:
                self.cards[(viewer, habit)] = card
                changed.add(viewer)
        lines = set()
        for person in moved:
            lines |= self.showing.get((habit, person), set())
        if first:
            lines |= {(viewer, user) for viewer in self.followers.get(user, ())}
            lines |= {(user, followed) for followed in self.following.get(user, ())}
        for viewer, followed in lines:
            if self.refresh_line(viewer, followed):
                changed.add(viewer)
        return changed

    def home(self, viewer):
        return ({habit: self.cards[(viewer, habit)] for habit in self.favorites.get(viewer, ())},
                {user: self.lines[(viewer, user)] for user in self.following.get(viewer, ())})
