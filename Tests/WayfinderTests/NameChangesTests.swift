import Testing
@testable import WayfinderDirections

/// OSRM's name announcement rules on bytes: which changes of name are no change of street.
@Suite struct NameChangesTests {
    func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        return x.withUnsafeBufferPointer { xs in y.withUnsafeBufferPointer { ys in NameChanges.sameStreet(xs, ys) } }
    }

    func refsContained(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        return x.withUnsafeBufferPointer { xs in y.withUnsafeBufferPointer { ys in NameChanges.refContained(xs, ys) } }
    }

    @Test func compassWordsBeforeOrAfterTheSameCore() {
        #expect(same("42 N", "42 S"))
        #expect(same("West 42", "East 42"))
        #expect(same("High Street W", "High Street E"))
        #expect(same("West 42", "42"))
        #expect(same("42", "42 S"))
        #expect(same("NORTH Main", "south main") == false)   // the core's case counts
        #expect(!same("High Street", "Low Street"))
        #expect(!same("Nord 42", "Sud 42"))                    // not compass words of car.lua
        #expect(same("N", "S"))                                // nothing shared, both compass words (as OSRM)
        #expect(same("North Capitol Northeast", "North Capitol Northwest"))  // left: "east", "west"
        #expect(same("North CapitolNortheast", "North CapitolNorthwest"))    // words need no spaces
        #expect(!same("North Capitol Northeast", "South Capitol Street"))
        #expect(!same("Rue du Nord", "Rue du Sud"))                          // "sud" is no compass word
    }

    @Test func oneNameBeginningTheOtherIsTheSameStreet() {
        #expect(same("Main", "Main Street"))
    }

    @Test func refListsAreComparedWhateverTheSpaces() {
        #expect(refsContained("A1", "A1;E15"))
        #expect(refsContained("US 64;US 412;OK 151 Detour", "US 64; US 412"))
        #expect(refsContained("US 64; US 412  ;   OK 151 Detour", " US 64  ;  US 412"))
        #expect(!refsContained("A2", "A1;E15"))
    }
}
