import DiffableData
import Testing

/// Checks the diff of one random pair against the applier and the validator; returns failures as text.
func differenceProblems(_ pair: RandomSnapshotPair) -> [String] {
    var problems: [String] = []
    let difference = pair.new.difference(from: pair.old) { $0.version == $1.version }
    var current = pair.old.sectionedItems
    for (number, stage) in difference.stages.enumerated() {
        do {
            let next = try BatchUpdateApplier.apply(stage, to: current)
            try BatchUpdateValidator.validate(stage, beforeCounts: current.itemCounts, afterCounts: next.itemCounts)
            current = next
            // The applied data, made a snapshot again, must be a consistent one.
            try DiffableSnapshot(sections: Array(zip(next.sections, next.items)))._checkInvariants()
        } catch {
            problems.append("stage \(number) rejected: \(error)")
            return problems
        }
    }
    let expected = pair.new.sectionedItems
    if current != expected || current.items.map({ $0.map(\.version) }) != expected.items.map({ $0.map(\.version) }) {
        problems.append("applied \(current) but expected \(expected)")
    }
    let changeset = difference.changeset
    if changeset.sectionDeletes.isEmpty && changeset.sectionInserts.isEmpty && changeset.sectionMoves.isEmpty {
        // Without section changes the flat changeset, minus its updates, is itself one valid batch.
        var structural = changeset
        structural.itemUpdates = []
        structural.sectionReloads = []
        do {
            let applied = try BatchUpdateApplier.apply(structural, to: pair.old.sectionedItems)
            if applied != expected { problems.append("flat changeset applied \(applied) but expected \(expected)") }
        } catch {
            problems.append("flat changeset rejected: \(error)")
        }
    }
    let common = Set(pair.old.itemIdentifiers).intersection(pair.new.itemIdentifiers)
    let deleted = changeset.itemDeletes.map(\.item.id) + difference.stages.flatMap { $0.itemDeletes.map(\.item.id) }
    let inserted = changeset.itemInserts.map(\.item.id) + difference.stages.flatMap { $0.itemInserts.map(\.item.id) }
    for id in deleted + inserted where common.contains(VersionedItem(id: id)) {
        problems.append("unchanged item \(id) deleted or inserted")
    }
    let changedContent = pair.new.itemIdentifiers.filter { item in
        guard let old = pair.old.itemIdentifiers.first(where: { $0 == item }) else { return false }
        return old.version != item.version || pair.new.isMarkedForUpdate(item)
    }
    if Set(changeset.itemUpdates.map(\.item)) != Set(changedContent) {
        problems.append("updates \(changeset.itemUpdates.map(\.item)) but changed \(changedContent)")
    }
    return problems
}

/// Properties of random snapshot pairs, over the seeds `PropertySeeds` chooses (fixed by default; see there
/// to explore).
@Suite struct DifferenceProperties {
    @Test func stagesApplyToOldGiveNewAndPassTheValidator() {
        forEachSeed(count: 4000) { seed in
            let pair = RandomSnapshotPair(seed: seed)
            let problems = differenceProblems(pair)
            #expect(
                problems.isEmpty,
                "seed \(seed): \(problems) old \(pair.old.sectionedItems) new \(pair.new.sectionedItems)")
        }
    }

    @Test func largerPairsToo() {
        forEachSeed(count: 300) { seed in
            let pair = RandomSnapshotPair(seed: seed, scale: 8)
            let problems = differenceProblems(pair)
            #expect(problems.isEmpty, "seed \(seed) scale 8: \(problems)")
        }
    }

    @Test func itemOnlyChangesNeedAtMostUpdatesItemsAndReloads() {
        forEachSeed(count: 2000) { seed in
            let pair = RandomSnapshotPair(seed: seed)
            let difference = pair.new.difference(from: pair.old) { $0.version == $1.version }
            let changeset = difference.changeset
            guard changeset.sectionDeletes.isEmpty && changeset.sectionInserts.isEmpty && changeset.sectionMoves.isEmpty
            else { return }
            #expect(difference.stages.count <= 3, "seed \(seed)")
            let noSectionChanges = difference.stages.allSatisfy { stage in
                stage.sectionInserts.isEmpty && stage.sectionDeletes.isEmpty
            }
            #expect(noSectionChanges, "seed \(seed)")
        }
    }

    @Test func generatorCoversTheInterestingCases() {
        var sectionMoves = 0, crossMoves = 0, emptySnapshots = 0, deletedWithSurvivors = 0, updates = 0
        for seed in UInt64(0)..<2000 {
            let pair = RandomSnapshotPair(seed: seed)
            let difference = pair.new.difference(from: pair.old) { $0.version == $1.version }
            if !difference.changeset.sectionMoves.isEmpty { sectionMoves += 1 }
            if difference.changeset.itemMoves.contains(where: { $0.from.section != $0.to.section }) { crossMoves += 1 }
            if pair.old.numberOfSections == 0 || pair.new.numberOfSections == 0 { emptySnapshots += 1 }
            let parksSections = difference.stages.contains { stage in
                stage.sectionDeletes.contains { $0.index >= pair.new.numberOfSections }
            }
            if parksSections {
                deletedWithSurvivors += 1
            }
            if !difference.changeset.itemUpdates.isEmpty { updates += 1 }
        }
        #expect(sectionMoves > 100)
        #expect(crossMoves > 100)
        #expect(emptySnapshots > 50)
        #expect(deletedWithSurvivors > 10)
        #expect(updates > 100)
    }
}
